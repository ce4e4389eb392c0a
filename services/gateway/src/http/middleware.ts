import type { Scope } from "@einvoice/domain";
import type { Logger } from "@einvoice/platform";
import { newId } from "@einvoice/platform";
import type { Context, Next } from "koa";
import { GATEWAY_ERRORS } from "../errors/gateway-errors.js";
import { apiError, toApiError } from "../errors/public-errors.js";
import type { Authenticate } from "../usecases/authenticate.js";
import { type FileLinks, type FilePath, filePathOf } from "../usecases/file-links.js";
import { unpairedSurrogateAt } from "./unpaired-surrogates.js";

/** Turns every failure into the public error shape; bad input is never a 500. */
export function errorHandling(logger: Logger) {
  return async (ctx: Context, next: Next) => {
    ctx.state.requestId = newId("req");
    ctx.set("Request-Id", ctx.state.requestId);
    try {
      await next();
    } catch (error) {
      const known = toApiError(error);
      if (!known || known.status >= 500) {
        logger.error({ err: error, requestId: ctx.state.requestId, path: ctx.path }, "request failed");
      }
      const body = known ?? apiError(GATEWAY_ERRORS.internal_error);
      ctx.status = body.status;
      if (body.retryAfterSeconds !== null) ctx.set("Retry-After", String(body.retryAfterSeconds));
      ctx.body = body.toBody();
    }
  };
}

/** Bearer API key → company + mode; or, for a file without a key, the owner its signed link names. */
export function authentication(authenticate: Authenticate, fileLinks: FileLinks) {
  return async (ctx: Context, next: Next) => {
    const header = ctx.get("authorization");
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    const filePath = !header && (ctx.method === "GET" || ctx.method === "HEAD") ? filePathOf(ctx.path) : null;
    if (filePath && ctx.query.signature !== undefined) {
      ctx.state.linkScope = verifiedLink(fileLinks, filePath, ctx.query);
      return next();
    }
    if (!match) {
      throw apiError(GATEWAY_ERRORS.api_key_missing);
    }
    const caller = await authenticate.execute(match[1]!);
    if (!caller) throw apiError(GATEWAY_ERRORS.api_key_invalid);
    ctx.state.caller = caller;
    await next();
  };
}

function verifiedLink(fileLinks: FileLinks, path: FilePath, query: Context["query"]): Scope {
  const one = (name: string) => (typeof query[name] === "string" ? (query[name] as string) : undefined);
  const verdict = fileLinks.verify(path, {
    company: one("company"),
    mode: one("mode"),
    expires: one("expires"),
    signature: one("signature"),
  });
  if (verdict.ok) return verdict.scope;
  if (verdict.reason === "expired")
    throw apiError(
      GATEWAY_ERRORS.file_link_expired,
      `This file link expired at ${verdict.expiredAt?.toISOString()}. Read the document again for fresh links, or send the API key.`,
    );
  throw apiError(GATEWAY_ERRORS.file_link_invalid);
}

/** Methods whose requests carry a JSON body. */
const WITH_BODY = new Set(["POST", "PUT"]);

/** Reads a JSON object body: 415 for another content type, 413 over the limit, 400 for malformed JSON. */
export function jsonBody(maxBytes: number) {
  return async (ctx: Context, next: Next) => {
    if (!WITH_BODY.has(ctx.method)) return next();
    if (!ctx.is("application/json")) {
      throw apiError(GATEWAY_ERRORS.unsupported_media_type);
    }
    const tooLarge = () => {
      // The rest of the body is still on the wire: close the connection after answering, or a keep-alive
      // client's next request would queue behind bytes nobody reads.
      ctx.set("Connection", "close");
      return apiError(GATEWAY_ERRORS.payload_too_large, `The body exceeds ${maxBytes} bytes.`);
    };
    if (Number(ctx.get("content-length")) > maxBytes) throw tooLarge();
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of ctx.req) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) throw tooLarge();
      chunks.push(chunk as Buffer);
    }
    let body: unknown;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch (error) {
      throw apiError(GATEWAY_ERRORS.invalid_json, invalidJsonMessage(error));
    }
    if (typeof body !== "object" || body === null || Array.isArray(body)) {
      throw apiError(GATEWAY_ERRORS.invalid_json, "The body must be a JSON object.");
    }
    const broken = unpairedSurrogateAt(body);
    if (broken) {
      throw apiError(
        GATEWAY_ERRORS.invalid_json,
        `${broken.slice(0, 100)} holds a broken Unicode escape (an unpaired surrogate such as \\ud800): send valid Unicode text.`,
      );
    }
    ctx.request.body = body;
    await next();
  };
}

declare module "koa" {
  interface Request {
    body?: unknown;
  }
}

/** Where the JSON breaks, without echoing the caller's body back (it may hold data they did not mean to log). */
function invalidJsonMessage(error: unknown): string {
  const position = /position (\d+)/.exec(String((error as Error).message))?.[1];
  const where = position ? ` near character ${Number(position) + 1}` : "";
  return `The body is not valid JSON${where}: check its quotes, commas and braces.`;
}
