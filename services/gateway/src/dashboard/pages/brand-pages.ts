import type { LogoFormat } from "@einvoice/domain";
import { CompanyLogoRepository } from "../../adapters/company-logo-repository.js";
import { GATEWAY_ERRORS } from "../../errors/gateway-errors.js";
import { apiError } from "../../errors/public-errors.js";
import type { GatewayDeps } from "../../http/context.js";
import { logoRefusal } from "../../http/logo-resource.js";
import { OpenCompanyLogo } from "../../usecases/open-company-logo.js";
import { RemoveCompanyLogo } from "../../usecases/remove-company-logo.js";
import { LogoRefused, SetCompanyLogo } from "../../usecases/set-company-logo.js";
import { type Html, html } from "../html.js";
import { formatDateTime } from "../i18n.js";
import { csrfField } from "../layout.js";
import { isAdmin, type PageRequest, signedInPage } from "../request.js";

/** The preview's box in CSS pixels: the logo as large as it fits, its aspect ratio kept, never enlarged. */
const PREVIEW = { width: 320, height: 120 };

const fit = (width: number, height: number) => {
  const scale = Math.min(1, PREVIEW.width / width, PREVIEW.height / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
};

/**
 * The company's logo in the mode read: a preview and what the file is; for an admin, the upload form (a plain
 * multipart form, so it works without script) and removal.
 */
export async function brandPage(
  req: PageRequest,
  deps: GatewayDeps,
  flash?: { kind: "ok" | "error"; text: string },
): Promise<Html> {
  const { t, locale } = req;
  const logo = await new CompanyLogoRepository(deps.store).find(req.scope);
  const admin = isAdmin(req);
  const base = `/dashboard/${req.mode}/brand`;
  const csrf = csrfField(req.session.csrf);
  const shown = logo ? fit(logo.width, logo.height) : null;
  const company = req.company.trade_name ?? req.company.legal_name;
  const content = html`
<p>${t("brand.intro")}</p>
<section aria-labelledby="h-logo"><h2 id="h-logo">${t("brand.current")}</h2>
${
  logo && shown
    ? html`<div class="logo-preview"><img id="logo-preview" src="${base}/logo?v=${logo.sha256}" width="${shown.width}" height="${shown.height}" alt="${t("brand.preview_alt", { company })}"></div>
<dl class="facts">
<dt>${t("brand.type")}</dt><dd>${logo.format === "png" ? "PNG" : "JPEG"}</dd>
<dt>${t("brand.dimensions")}</dt><dd>${logo.width} × ${logo.height} px</dd>
<dt>${t("brand.size")}</dt><dd>${(logo.size / 1024).toFixed(1)} KB</dd>
<dt>${t("brand.updated")}</dt><dd>${formatDateTime(locale, logo.updated_at)}</dd>
</dl>`
    : html`<p id="no-logo">${t("brand.none")}</p>`
}
</section>
${
  admin
    ? html`<section aria-labelledby="h-upload"><h2 id="h-upload">${t("brand.upload_title")}</h2>
<form method="post" action="${base}/logo" enctype="multipart/form-data">${csrf}
<div class="field"><label for="logo-file">${t("brand.file")}</label><input id="logo-file" name="logo" type="file" accept="image/png,image/jpeg" required aria-describedby="logo-limits"></div>
<p class="muted" id="logo-limits">${t("brand.limits")}</p>
<button type="submit">${t("brand.upload")}</button>
</form>
${
  logo
    ? html`<form method="post" action="${base}/logo/remove">${csrf}
<p class="muted">${t("brand.remove_note")}</p>
<button type="submit" class="secondary">${t("brand.remove")}</button></form>`
    : ""
}
</section>`
    : ""
}`;
  return signedInPage(req, t("brand.title"), "/brand", content, flash);
}

const FORMATS: Record<string, LogoFormat> = { "image/png": "png", "image/jpeg": "jpeg" };

/** Uploads the form's file as the mode's logo, refused with the API's own messages (415/422). */
export async function uploadLogo(req: PageRequest, deps: GatewayDeps): Promise<void> {
  const file = req.files?.get("logo");
  if (!file || file.bytes.length === 0)
    throw apiError(GATEWAY_ERRORS.logo_invalid, req.t("brand.choose_file"));
  try {
    const declared = FORMATS[file.type];
    if (!declared)
      throw new LogoRefused("unsupported", "The logo must be a PNG or JPEG image; this file is neither.");
    await new SetCompanyLogo(deps).execute(req.scope, declared, file.bytes);
  } catch (error) {
    throw error instanceof LogoRefused ? logoRefusal(error) : error;
  }
}

export function removeLogo(req: PageRequest, deps: GatewayDeps): Promise<boolean> {
  return new RemoveCompanyLogo(deps.store).execute(req.scope);
}

/** The mode's logo for the preview; null when there is none. */
export function openLogo(req: PageRequest, deps: GatewayDeps) {
  return new OpenCompanyLogo(deps).execute(req.scope);
}
