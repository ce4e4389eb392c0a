import type { Router } from "@koa/router";
import type { CreateDespatchAdvice } from "../usecases/create-despatch-advice.js";
import type { AuthedState, GatewayDeps } from "./context.js";
import { documentCreate, type Shaped } from "./created-document.js";

/** `POST /v1/despatch_advices`: sender (T…, 09) and carrier (V…, 31) guides. */
export function despatchRoutes(
  router: Router<AuthedState>,
  deps: GatewayDeps,
  createDespatch: CreateDespatchAdvice,
) {
  router.post(
    "/v1/despatch_advices",
    documentCreate(
      deps,
      (body): Shaped<unknown> => {
        // The shape first; its rules are checked afterwards by validateDespatchAdvice.
        const violations = deps.validator.despatchAdvice(body);
        return violations.length > 0 ? { request: null, violations } : { request: body, violations: [] };
      },
      ({ request, ...command }) => createDespatch.execute({ ...command, body: request }),
    ),
  );
}
