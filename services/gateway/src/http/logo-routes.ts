import { LOGO_LIMITS, type LogoFormat } from "@einvoice/domain";
import { SERVICE_ERRORS } from "@einvoice/platform";
import { Router } from "@koa/router";
import type { Context } from "koa";
import type { CompanyLogo } from "../adapters/company-settings-repository.js";
import { GATEWAY_ERRORS } from "../errors/gateway-errors.js";
import { type ApiError, apiError } from "../errors/public-errors.js";
import { OpenCompanyLogo } from "../usecases/open-company-logo.js";
import { RemoveCompanyLogo } from "../usecases/remove-company-logo.js";
import { LogoRefused, SetCompanyLogo } from "../usecases/set-company-logo.js";
import { type AuthedState, type GatewayDeps, scopeOf } from "./context.js";

/** The public logo resource: what the stored file is, never where it is stored. */
export function logoResource(logo: CompanyLogo, livemode: boolean) {
  return {
    object: "company_logo",
    livemode,
    content_type: logo.content_type,
    size: logo.size,
    width: logo.width,
    height: logo.height,
    sha256: logo.sha256,
    updated_at: logo.updated_at,
  };
}

const unsupported = (message: string) => apiError(GATEWAY_ERRORS.unsupported_media_type, message);

/** The use case's refusal in HTTP: 415 for another type, 422 naming the problem (`param` is the body). */
export function logoRefusal(error: LogoRefused): ApiError {
  if (error.problem === "unsupported") return unsupported(error.message);
  if (error.problem === "too_large") return apiError(GATEWAY_ERRORS.logo_too_large, error.message);
  return apiError(GATEWAY_ERRORS.logo_invalid, error.message);
}

/** The body, up to the logo's limit in bytes; past it a 422 naming the limit (the rest is not read). */
async function readLogoBody(ctx: Context): Promise<Buffer> {
  const tooLarge = () => {
    // The rest of the body is still on the wire: close after answering so a keep-alive client is not stuck.
    ctx.set("Connection", "close");
    return logoRefusal(
      new LogoRefused("too_large", `The logo may be at most ${LOGO_LIMITS.maxBytes} bytes (512 KiB).`),
    );
  };
  if (Number(ctx.get("content-length")) > LOGO_LIMITS.maxBytes) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > LOGO_LIMITS.maxBytes) throw tooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * `PUT|GET|DELETE /v1/company/logo`: the company's logo in the key's mode. Mounted before the JSON body parser:
 * the body is the image itself.
 */
export function logoRoutes(deps: GatewayDeps) {
  const router = new Router<AuthedState>();
  const setLogo = new SetCompanyLogo(deps);
  const openLogo = new OpenCompanyLogo(deps);
  const removeLogo = new RemoveCompanyLogo(deps.store);

  router.put("/v1/company/logo", async (ctx) => {
    const type = ctx.is("image/png", "image/jpeg");
    if (!type)
      throw unsupported("Send the logo's bytes as the body with 'Content-Type: image/png' or 'image/jpeg'.");
    const body = await readLogoBody(ctx);
    const declared: LogoFormat = type === "image/png" ? "png" : "jpeg";
    const logo = await setLogo.execute(scopeOf(ctx.state.caller), declared, body).catch((error: unknown) => {
      throw error instanceof LogoRefused ? logoRefusal(error) : error;
    });
    ctx.body = logoResource(logo, ctx.state.caller.livemode);
  });

  router.get("/v1/company/logo", async (ctx) => {
    const found = await openLogo.execute(scopeOf(ctx.state.caller));
    if (!found)
      throw apiError(
        SERVICE_ERRORS.resource_missing,
        "The company has no logo in this mode: upload one with PUT /v1/company/logo.",
        null,
      );
    const etag = `"${found.logo.sha256}"`;
    ctx.set("Content-Type", found.logo.content_type);
    ctx.set("ETag", etag);
    // The logo can change at any time: caches revalidate with the ETag.
    ctx.set("Cache-Control", "private, no-cache");
    ctx.set("X-Content-Type-Options", "nosniff");
    const conditional = ctx.get("if-none-match");
    if (conditional?.split(",").some((t) => t.trim().replace(/^W\//, "") === etag)) {
      found.file.body.destroy();
      ctx.status = 304;
      return;
    }
    ctx.body = found.file.body;
    ctx.length = found.file.size;
  });

  router.delete("/v1/company/logo", async (ctx) => {
    if (!(await removeLogo.execute(scopeOf(ctx.state.caller))))
      throw apiError(SERVICE_ERRORS.resource_missing, "The company has no logo in this mode.", null);
    ctx.status = 204;
  });

  return router.routes();
}
