import type { RouterContext } from "@koa/router";
import type { AuthedState, GatewayDeps } from "../http/context.js";
import type { IssuingUseCases } from "../http/issuing-use-cases.js";
import type { OpenApiDocument, Operation } from "../openapi/openapi-types.js";

/** What a handler may use, given once when the app is built. */
export interface OperationWiring {
  deps: GatewayDeps;
  issuing: IssuingUseCases;
  /** The document this API serves at `GET /v1/openapi.json`. */
  openApi: OpenApiDocument;
}

/** A Koa handler for one operation: reads the request, calls a use case or a service, writes the answer. */
export type OperationHandler = (ctx: RouterContext<AuthedState>) => Promise<void>;

/**
 * Where in the middleware chain the operation is served: `api` after authentication, the JSON body and the
 * idempotency gate; `raw` after authentication but before the JSON body (the body is the bytes themselves);
 * `public` before authentication (no key).
 */
export type OperationMount = "api" | "raw" | "public";

export type OperationMethod = "get" | "post" | "put" | "delete";

/**
 * One HTTP operation, declared once: its method and path (OpenAPI template, `{id}`), its OpenAPI description
 * (parameters, request body with its schema, responses with the error codes each can carry), and its handler.
 * The router and the document's `paths` are both built from the list of these.
 */
export interface OperationDefinition extends Operation {
  method: OperationMethod;
  path: string;
  mount?: OperationMount;
  /** Called once per app: builds the use cases the handler needs, returns the handler. */
  handler: (wiring: OperationWiring) => OperationHandler;
}

export const defineOperation = (definition: OperationDefinition): OperationDefinition => definition;

/** The OpenAPI operation object: the declaration without its routing, its fields in the order written. */
export function openApiOperation(definition: OperationDefinition): Operation {
  const { method: _method, path: _path, mount: _mount, handler: _handler, ...operation } = definition;
  return operation;
}

/** `/v1/documents/{id}` as the router writes it: `/v1/documents/:id`. */
export const routerPath = (path: string) => path.replace(/\{([^}]+)\}/g, ":$1");
