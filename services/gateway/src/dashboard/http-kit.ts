import { timingSafeEqual } from "node:crypto";
import type { Context } from "koa";
import type { Html } from "./html.js";

export const SESSION_COOKIE = "einvoice_session";
/** Before sign-in: the double-submit token that protects the sign-in and invitation forms. */
export const PRE_SESSION_COOKIE = "einvoice_presession";
export const LANG_COOKIE = "einvoice_lang";

/**
 * Scripts and styles only from this origin (no inline script or style, no eval), frames only of this origin
 * (the PDF preview), never framed by anyone, forms post only here.
 */
const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** Headers on every dashboard answer: pages are private and never cached, framed or sniffed. */
export function setSecurityHeaders(ctx: Context): void {
  ctx.set("Content-Security-Policy", CSP);
  ctx.set("X-Frame-Options", "DENY");
  ctx.set("X-Content-Type-Options", "nosniff");
  ctx.set("Referrer-Policy", "same-origin");
  ctx.set("Cross-Origin-Opener-Policy", "same-origin");
  ctx.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  ctx.set("Cache-Control", "no-store");
}

export function sendHtml(ctx: Context, page: Html, status = 200): void {
  ctx.status = status;
  ctx.type = "text/html; charset=utf-8";
  ctx.body = `<!doctype html>\n${page.value}`;
}

export function readCookie(ctx: Context, name: string): string | undefined {
  for (const part of (ctx.get("cookie") || "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return decodeURIComponent(part.slice(at + 1).trim());
  }
  return undefined;
}

/**
 * Session cookies: HttpOnly (no script reads them), Secure (HTTPS only; browsers accept it on localhost),
 * SameSite=Lax (not sent on cross-site posts), scoped to /dashboard. `maxAgeSeconds` 0 deletes.
 */
export function setCookie(ctx: Context, name: string, value: string, maxAgeSeconds?: number): void {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    "Path=/dashboard",
    "HttpOnly",
    "Secure",
    "SameSite=Lax",
  ];
  if (maxAgeSeconds !== undefined) parts.push(`Max-Age=${maxAgeSeconds}`);
  ctx.append("Set-Cookie", parts.join("; "));
}

export function sameToken(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The largest form the dashboard takes: a certificate (PFX in base64) fits with room to spare. */
const MAX_FORM_BYTES = 256 * 1024;

export class FormTooLarge extends Error {}

/** Reads an `application/x-www-form-urlencoded` body; anything else is an empty form. */
export async function readForm(ctx: Context): Promise<Record<string, string>> {
  return Object.fromEntries(await readFormParams(ctx));
}

/** The form's fields, a repeated one (checkboxes) with every value. */
export async function readFormParams(ctx: Context): Promise<URLSearchParams> {
  if (!ctx.is("application/x-www-form-urlencoded")) return new URLSearchParams();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > MAX_FORM_BYTES) {
      ctx.set("Connection", "close");
      throw new FormTooLarge();
    }
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

/**
 * A change must come from a page of this origin: the Origin header, when the browser sends it, names this host.
 * The CSRF token is the main defense; this is a second one that costs nothing.
 */
export function sameOrigin(ctx: Context): boolean {
  const origin = ctx.get("origin");
  if (!origin) return true;
  try {
    return new URL(origin).host === ctx.host;
  } catch {
    return false;
  }
}

/** The largest multipart form: a logo and a few fields, with room so the logo's own limit can name itself. */
const MAX_MULTIPART_BYTES = 2 * 1024 * 1024;

export interface UploadedFile {
  /** The file's name on the person's computer. */
  name: string;
  /** The type the browser gave it (from its extension): a claim, checked against the bytes. */
  type: string;
  bytes: Buffer;
}

/**
 * Reads a `multipart/form-data` body (a file upload): its text fields and its files. A body that is not a
 * well-formed form reads as an empty one, which no CSRF check passes.
 */
export async function readMultipartForm(
  ctx: Context,
): Promise<{ params: URLSearchParams; files: Map<string, UploadedFile> }> {
  const params = new URLSearchParams();
  const files = new Map<string, UploadedFile>();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > MAX_MULTIPART_BYTES) {
      ctx.set("Connection", "close");
      throw new FormTooLarge();
    }
    chunks.push(chunk as Buffer);
  }
  let form: FormData;
  try {
    form = await new Response(Buffer.concat(chunks), {
      headers: { "content-type": ctx.get("content-type") },
    }).formData();
  } catch {
    return { params, files };
  }
  for (const [name, value] of form) {
    if (typeof value === "string") params.append(name, value);
    else
      files.set(name, { name: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) });
  }
  return { params, files };
}
