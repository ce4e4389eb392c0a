import type { Context, Next } from "koa";
import { GATEWAY_ERRORS } from "../errors/gateway-errors.js";
import { ApiError, apiError } from "../errors/public-errors.js";
import { type Take, TokenBuckets } from "../usecases/token-bucket.js";
import { type AuthedState, callerScope } from "./context.js";
import type { RateLimitSettings } from "./http-settings.js";

const tooMany = (message: string, take: Take) =>
  apiError(GATEWAY_ERRORS.rate_limit_exceeded, message, undefined, take.resetSeconds);

/**
 * Two limits, answered with 429 and `Retry-After`: each caller (company and mode) has a token bucket, announced on
 * every answer with `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`; and an address that keeps
 * sending missing or wrong keys is refused before its keys are even looked up (guessing keys stays slow).
 */
export function rateLimits(settings: RateLimitSettings, clock: () => number = Date.now) {
  const callers = new TokenBuckets(settings.perCaller, clock);
  const failures = new TokenBuckets(settings.authFailures, clock);

  const guardAuthentication = async (ctx: Context, next: Next) => {
    const address = ctx.ip;
    const standing = failures.peek(address);
    if (standing.remaining < 1) {
      throw tooMany(
        `Too many requests with a missing or invalid API key from this address. Retry in ${standing.resetSeconds} s with a valid key.`,
        { ...standing, resetSeconds: Math.max(1, Math.ceil(1 / settings.authFailures.refillPerSecond)) },
      );
    }
    try {
      await next();
    } catch (error) {
      // A forged or expired file link is a failed authentication too.
      if (error instanceof ApiError && (error.status === 401 || error.code.startsWith("file_link_")))
        failures.take(address);
      throw error;
    }
  };

  const limitCaller = async (ctx: Context & { state: AuthedState }, next: Next) => {
    const { companyId, livemode } = callerScope(ctx.state);
    const take = callers.take(`${companyId}:${livemode ? "live" : "test"}`);
    ctx.set("RateLimit-Limit", String(settings.perCaller.capacity));
    ctx.set("RateLimit-Remaining", String(take.remaining));
    ctx.set("RateLimit-Reset", String(take.resetSeconds));
    if (!take.allowed) {
      throw tooMany(
        `Too many requests for this company and mode: at most ${settings.perCaller.capacity} at once and ${settings.perCaller.refillPerSecond} per second. Retry in ${take.resetSeconds} s.`,
        take,
      );
    }
    await next();
  };

  return { guardAuthentication, limitCaller };
}
