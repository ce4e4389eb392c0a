import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Context, Next } from "koa";

/** The human-readable API reference: Redoc rendering the OpenAPI document, both served by the gateway. */
export const DOCS_PATH = "/docs";
const BUNDLE_PATH = "/docs/redoc.standalone.js";

/**
 * Everything the page loads comes from this origin (no CDN, no fonts from elsewhere), so it works offline; Redoc
 * styles with inline `<style>` and runs its search in a blob worker.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self' blob:",
].join("; ");

const page = (specPath: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>einvoice API reference</title>
    <link rel="icon" href="data:,">
    <style>body { margin: 0; }</style>
  </head>
  <body>
    <redoc spec-url="${specPath}" expand-responses="200,201" json-sample-expand-level="all" path-in-middle-panel="true" sort-tags-alphabetically="false"></redoc>
    <script src="${BUNDLE_PATH}"></script>
  </body>
</html>
`;

/** The bundle's one outside URL: the Redocly logo of the menu footer (always rendered; no option hides it). */
const REDOCLY_LOGO = "https://cdn.redoc.ly/redoc/logo-mini.svg";
/** An empty image in its place, so the page fetches nothing from outside. */
const EMPTY_IMAGE = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E";

/** Redoc's standalone bundle from the pinned `redoc` npm package, made offline. */
export function redocBundle(): string {
  const bundle = readFileSync(
    createRequire(import.meta.url).resolve("redoc/bundles/redoc.standalone.js"),
    "utf8",
  );
  if (!bundle.includes(REDOCLY_LOGO))
    throw new Error("redoc bundle: the logo URL to replace is gone (new version?)");
  return bundle.replaceAll(REDOCLY_LOGO, EMPTY_IMAGE);
}

/**
 * Serves `GET /docs` (the page) and its Redoc bundle, read once when the app is built. Needs no key, like the
 * document it renders.
 */
export function docsPage(specPath: string) {
  const bundle = redocBundle();
  const html = page(specPath);
  return async (ctx: Context, next: Next) => {
    if (ctx.method !== "GET" && ctx.method !== "HEAD") return next();
    if (ctx.path === DOCS_PATH) {
      ctx.set("Content-Security-Policy", CONTENT_SECURITY_POLICY);
      ctx.type = "text/html; charset=utf-8";
      ctx.body = html;
    } else if (ctx.path === BUNDLE_PATH) {
      ctx.set("Cache-Control", "public, max-age=3600");
      ctx.type = "application/javascript; charset=utf-8";
      ctx.body = bundle;
    } else {
      await next();
    }
  };
}
