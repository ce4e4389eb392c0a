import { OPENAPI_PATH } from "../openapi/openapi-path.js";
import { requestIdHeader } from "../openapi/operation-parts.js";
import { defineOperation } from "./define-operation.js";

/** `GET /v1/openapi.json`: served before authentication (no key), the document built once with the app. */
export const getOpenApiDocument = defineOperation({
  method: "get",
  path: OPENAPI_PATH,
  mount: "public",
  operationId: "getOpenApiDocument",
  summary: "This OpenAPI 3.1 document",
  description:
    "The machine-readable reference of this API, built from the schemas the gateway validates with. Needs no key. The same document is rendered for people at `GET /docs`.",
  tags: ["Meta"],
  security: [],
  responses: {
    "200": {
      description: "The OpenAPI document of this API.",
      headers: { "Request-Id": requestIdHeader },
      content: {
        "application/json": {
          schema: {
            type: "object",
            description: "An OpenAPI 3.1 document (https://spec.openapis.org/oas/v3.1.0).",
          },
        },
      },
    },
  },
  handler:
    ({ openApi }) =>
    async (ctx) => {
      ctx.body = openApi;
    },
});
