import { isFinalStatus } from "@einvoice/domain";
import type { Document } from "@einvoice/proto";
import type { Context } from "koa";
import { type AuthedState, type GatewayDeps, linkSignerFor } from "./context.js";
import { presentDocument } from "./presenters.js";

/**
 * The answer of every document create (invoices, receipts, notes): 201 once the verdict is in, 202 while it is
 * pending, the Document's Location, and the wait that was applied.
 */
export function answerCreatedDocument(
  ctx: Context & { state: AuthedState },
  deps: GatewayDeps,
  document: Document,
  waitSeconds: number,
): void {
  if (waitSeconds > 0) ctx.set("Preference-Applied", `wait=${waitSeconds}`);
  ctx.set("Location", `/v1/documents/${document.id}`);
  ctx.status = isFinalStatus(document.status) ? 201 : 202;
  ctx.body = presentDocument(document, linkSignerFor(deps, ctx.state));
}
