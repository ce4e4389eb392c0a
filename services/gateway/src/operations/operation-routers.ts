import { Router } from "@koa/router";
import type { AuthedState } from "../http/context.js";
import {
  type OperationDefinition,
  type OperationMount,
  type OperationWiring,
  routerPath,
} from "./define-operation.js";

/**
 * One router per mount point, each operation registered in list order (an earlier path wins when two match, as
 * `/v1/events/stream` before `/v1/events/{id}`).
 */
export function operationRouters(
  operations: readonly OperationDefinition[],
  wiring: OperationWiring,
): Record<OperationMount, Router<AuthedState>> {
  const routers = {
    public: new Router<AuthedState>(),
    raw: new Router<AuthedState>(),
    api: new Router<AuthedState>(),
  };
  for (const definition of operations) {
    const router = routers[definition.mount ?? "api"];
    router[definition.method](routerPath(definition.path), definition.handler(wiring));
  }
  return routers;
}
