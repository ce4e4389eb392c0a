/** The path of the OpenAPI document itself, served before authentication. */
export const OPENAPI_PATH = "/v1/openapi.json";
