import { type FieldError, isFinalStatus } from "@einvoice/domain";
import type { Document } from "@einvoice/proto";
import type { Context } from "koa";
import { validationFailed } from "../errors/public-errors.js";
import type { Caller } from "../usecases/authenticate.js";
import { type AuthedState, type GatewayDeps, linkSignerFor } from "./context.js";
import { presentDocument } from "./presenters.js";

/** `Prefer: wait=N` (RFC 7240), capped; 0 when absent. */
export function preferredWait(header: string | undefined, maxSeconds: number): number {
  const match = /(?:^|[,;\s])wait=(\d+)/i.exec(header ?? "");
  return match ? Math.min(Number(match[1]), maxSeconds) : 0;
}

/** What a create use case receives once the body's shape is valid. */
export interface CreateCommand<R> {
  caller: Caller;
  request: R;
  /** How long to wait for the verdict, in seconds; 0 answers at once. */
  waitSeconds: number;
  idempotencyKey?: string;
}

/** A body checked for its shape: the typed request, or every violation named by its dotted path. */
export type Shaped<R> = { request: R; violations: [] } | { request: null; violations: FieldError[] };

/**
 * The create contract every document shares (invoices, receipts, notes, guides): the body's shape (422 naming each
 * field), `Prefer: wait`, `Idempotency-Key`, the use case, then 201 once the verdict is in or 202 while it is
 * pending, with the Document's Location and the wait that was applied.
 */
export function documentCreate<R>(
  deps: GatewayDeps,
  shapeOf: (body: unknown) => Shaped<R>,
  issue: (command: CreateCommand<R>) => Promise<Document>,
) {
  return async (ctx: Context & { state: AuthedState }): Promise<void> => {
    const shape = shapeOf(ctx.request.body);
    if (shape.request === null) throw validationFailed(shape.violations);
    const waitSeconds = preferredWait(ctx.get("prefer"), deps.maxWaitSeconds);
    const document = await issue({
      caller: ctx.state.caller,
      request: shape.request,
      waitSeconds,
      ...(ctx.state.idempotencyKey ? { idempotencyKey: ctx.state.idempotencyKey } : {}),
    });
    if (waitSeconds > 0) ctx.set("Preference-Applied", `wait=${waitSeconds}`);
    ctx.set("Location", `/v1/documents/${document.id}`);
    ctx.status = isFinalStatus(document.status) ? 201 : 202;
    ctx.body = presentDocument(document, linkSignerFor(deps, ctx.state));
  };
}
