import { isFinalStatus } from "@einvoice/domain";
import type { Router } from "@koa/router";
import { validationFailed } from "../errors/public-errors.js";
import type { CreateDespatchAdvice } from "../usecases/create-despatch-advice.js";
import { type AuthedState, type GatewayDeps, linkSignerFor } from "./context.js";
import { preferredWait } from "./document-routes.js";
import { presentDocument } from "./presenters.js";

/** `POST /v1/despatch_advices`: sender (T…, 09) and carrier (V…, 31) guides. */
export function despatchRoutes(
  router: Router<AuthedState>,
  deps: GatewayDeps,
  createDespatch: CreateDespatchAdvice,
) {
  router.post("/v1/despatch_advices", async (ctx) => {
    const violations = deps.validator.despatchAdvice(ctx.request.body);
    if (violations.length > 0) throw validationFailed(violations);
    const waitSeconds = preferredWait(ctx.get("prefer"), deps.maxWaitSeconds);
    const document = await createDespatch.execute({
      caller: ctx.state.caller,
      body: ctx.request.body,
      waitSeconds,
      ...(ctx.state.idempotencyKey ? { idempotencyKey: ctx.state.idempotencyKey } : {}),
    });
    if (waitSeconds > 0) ctx.set("Preference-Applied", `wait=${waitSeconds}`);
    ctx.set("Location", `/v1/documents/${document.id}`);
    ctx.status = isFinalStatus(document.status) ? 201 : 202;
    ctx.body = presentDocument(document, linkSignerFor(deps, ctx.state));
  });
}
