import type { Context, Next } from "koa";
import { GATEWAY_ERRORS } from "../errors/gateway-errors.js";
import { apiError, toApiError } from "../errors/public-errors.js";
import { IDEMPOTENCY_KEY_MAX_LENGTH, type IdempotencyGate } from "../usecases/idempotency-gate.js";
import { type AuthedState, scopeOf } from "./context.js";

/** Response headers a replay repeats. */
const REPLAYED_HEADERS = ["location", "preference-applied"];

/** Statuses kept for replays: successes and the caller's own mistakes; conflicts and limits may pass. */
const keeps = (status: number) => status < 500 && status !== 409 && status !== 429;

/** `Idempotency-Key` on POST (see IdempotencyGate); translates admissions to HTTP and records the response. */
export function idempotency(gate: IdempotencyGate) {
  return async (ctx: Context & { state: AuthedState }, next: Next) => {
    const key = ctx.get("idempotency-key");
    if (ctx.method !== "POST" || key === "") return next();
    if (key.length > IDEMPOTENCY_KEY_MAX_LENGTH || !/^[\x20-\x7E]+$/.test(key)) {
      throw apiError(
        GATEWAY_ERRORS.idempotency_key_invalid,
        `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} printable ASCII characters (a UUID is a good choice).`,
      );
    }
    const admission = await gate.admit({
      scope: scopeOf(ctx.state.caller),
      key,
      method: ctx.method,
      path: ctx.path,
      body: ctx.request.body,
    });
    switch (admission.kind) {
      case "replay": {
        const { status, body, headers } = admission.response;
        for (const [name, value] of Object.entries(headers)) ctx.set(name, value);
        ctx.set("Idempotent-Replayed", "true");
        ctx.status = status;
        ctx.body = body;
        return;
      }
      case "reused":
        throw apiError(GATEWAY_ERRORS.idempotency_key_reused);
      case "in_flight":
        ctx.set("Retry-After", String(admission.retryAfterSeconds));
        throw apiError(
          GATEWAY_ERRORS.idempotency_key_in_use,
          `A request with this Idempotency-Key is still being processed. Retry in ${admission.retryAfterSeconds} s with the same key to get its result.`,
        );
      case "proceed":
        break;
    }
    ctx.state.idempotencyKey = key;
    try {
      await next();
    } catch (error) {
      const known = toApiError(error);
      if (known && keeps(known.status)) {
        await gate.complete(admission.id, { status: known.status, body: known.toBody(), headers: {} });
      } else {
        await gate.abandon(admission.id);
      }
      throw error;
    }
    if (!keeps(ctx.status)) {
      await gate.abandon(admission.id);
      return;
    }
    const headers = Object.fromEntries(
      REPLAYED_HEADERS.flatMap((name) => (ctx.response.get(name) ? [[name, ctx.response.get(name)]] : [])),
    );
    await gate.complete(admission.id, { status: ctx.status, body: ctx.body, headers });
  };
}
