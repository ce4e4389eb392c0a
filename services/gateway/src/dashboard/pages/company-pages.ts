import { IGV_REGIME_VALUES, type IgvRegime } from "@einvoice/domain";
import { CompanySettingsRepository } from "../../adapters/company-settings-repository.js";
import { validationFailed } from "../../errors/public-errors.js";
import type { GatewayDeps } from "../../http/context.js";
import { ReadCompanySetup } from "../../usecases/read-company-setup.js";
import { SetIgvRegime } from "../../usecases/set-igv-regime.js";
import { type Html, html } from "../html.js";
import { formatDateTime, type MessageKey } from "../i18n.js";
import { csrfField } from "../layout.js";
import { isAdmin, type PageRequest, signedInPage } from "../request.js";

/** A certificate's page warns this many days before it expires. */
export const EXPIRY_WARNING_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The company: legal data, and for the mode read its certificate (what identifies it, never its key), SOL user
 * and GRE client_id. Passwords and secrets are forms that write; nothing reads them back.
 */
export async function companyPage(
  req: PageRequest,
  deps: GatewayDeps,
  flash?: { kind: "ok" | "error"; text: string },
): Promise<Html> {
  const { t, locale, company } = req;
  const [setup, igvRegime] = await Promise.all([
    new ReadCompanySetup(deps.signing, deps.submission).execute(req.scope),
    new CompanySettingsRepository(deps.store).igvRegime(req.scope),
  ]);
  const cert = setup.certificate;
  const daysLeft = cert?.expiresAt ? Math.floor((Date.parse(cert.expiresAt) - Date.now()) / DAY_MS) : null;
  const admin = isAdmin(req);
  const base = `/dashboard/${req.mode}/company`;
  const csrf = csrfField(req.session.csrf);
  const a = company.address;
  const content = html`
<section aria-labelledby="h-legal"><h2 id="h-legal">${t("company.legal")}</h2>
<dl class="facts">
<dt>${t("company.ruc")}</dt><dd>${company.ruc}</dd>
<dt>${t("company.legal_name")}</dt><dd>${company.legal_name}</dd>
<dt>${t("company.trade_name")}</dt><dd>${company.trade_name ?? "—"}</dd>
<dt>${t("company.address")}</dt><dd>${[a.line, a.district, a.province, a.department].filter(Boolean).join(", ")}${a.ubigeo ? ` (${a.ubigeo})` : ""}</dd>
</dl>
${
  setup.missing.length === 0
    ? html`<p class="flash flash-ok">${t("company.ready")}</p>`
    : html`<div class="warning"><p>${t("company.missing")}</p><ul>${setup.missing.map((m) => html`<li>${m}</li>`)}</ul></div>`
}
</section>
<section aria-labelledby="h-cert"><h2 id="h-cert">${t("company.certificate")}</h2>
${
  cert
    ? html`<dl class="facts" id="certificate">
<dt>${t("company.subject")}</dt><dd>${cert.subject}</dd>
<dt>${t("company.issuer")}</dt><dd>${cert.issuer}</dd>
<dt>${t("company.serial")}</dt><dd><code>${cert.serialNumber}</code></dd>
<dt>${t("company.valid_from")}</dt><dd>${formatDateTime(locale, cert.notBefore)}</dd>
<dt>${t("company.valid_until")}</dt><dd>${formatDateTime(locale, cert.expiresAt)}</dd>
</dl>
${daysLeft !== null && daysLeft < 0 ? html`<p class="warning" role="alert">${t("company.expired")}</p>` : ""}
${daysLeft !== null && daysLeft >= 0 && daysLeft <= EXPIRY_WARNING_DAYS ? html`<p class="warning" role="alert">${t("company.expiring", { days: daysLeft })}</p>` : ""}`
    : html`<p>${t("company.no_certificate")}</p>`
}
${
  admin
    ? html`<div class="grid2">
<form method="post" action="${base}/certificate">${csrf}
<h3>${t("company.upload_pfx")}</h3>
<div class="field"><label for="pfx-file">${t("company.pfx_file")}</label><input id="pfx-file" type="file" accept=".pfx,.p12,application/x-pkcs12" data-base64-into="pfx-data"></div>
<input type="hidden" id="pfx-data" name="pfx">
<div class="field"><label for="pfx-password">${t("company.pfx_password")}</label><input id="pfx-password" name="password" type="password" autocomplete="off"></div>
<button type="submit">${t("company.upload")}</button>
</form>
<form method="post" action="${base}/certificate">${csrf}
<h3>${t("company.upload_pem")}</h3>
<div class="field"><label for="pem-cert">${t("company.pem_cert")}</label><textarea id="pem-cert" name="certificate" spellcheck="false"></textarea></div>
<div class="field"><label for="pem-key">${t("company.pem_key")}</label><textarea id="pem-key" name="private_key" spellcheck="false" autocomplete="off"></textarea></div>
<button type="submit">${t("company.upload")}</button>
</form>
</div>`
    : ""
}
</section>
<div class="grid2">
<section aria-labelledby="h-sol"><h2 id="h-sol">${t("company.sol")}</h2>
<p>${t("company.sol_user")}: <strong>${setup.solUser ?? t("company.not_set")}</strong></p>
${
  admin
    ? html`<form method="post" action="${base}/sol">${csrf}
<div class="field"><label for="sol-user">${t("company.sol_user")}</label><input id="sol-user" name="user" autocomplete="off" required></div>
<div class="field"><label for="sol-password">${t("company.sol_password")}</label><input id="sol-password" name="password" type="password" autocomplete="off" required></div>
<button type="submit">${t("company.save")}</button></form>`
    : ""
}
</section>
<section aria-labelledby="h-gre"><h2 id="h-gre">${t("company.gre")}</h2>
<p>${t("company.client_id")}: <strong>${setup.greClientId ?? t("company.not_set")}</strong></p>
${
  admin
    ? html`<form method="post" action="${base}/gre">${csrf}
<div class="field"><label for="gre-id">${t("company.client_id")}</label><input id="gre-id" name="client_id" autocomplete="off" required></div>
<div class="field"><label for="gre-secret">${t("company.client_secret")}</label><input id="gre-secret" name="client_secret" type="password" autocomplete="off" required></div>
<button type="submit">${t("company.save")}</button></form>`
    : ""
}
</section>
</div>
<section aria-labelledby="h-igv"><h2 id="h-igv">${t("company.igv")}</h2>
<p id="igv-regime">${t("company.igv_current")}: <strong>${t(`igv.${igvRegime}` as MessageKey)}</strong></p>
<p class="muted">${t("company.igv_note")}</p>
${
  admin
    ? html`<form method="post" action="${base}/igv">${csrf}
<fieldset><legend>${t("company.igv_choose")}</legend>
${IGV_REGIME_VALUES.map(
  (regime) =>
    html`<label class="check"><input type="radio" name="igv_regime" value="${regime}"${regime === igvRegime ? html` checked` : ""}> ${t(`igv.${regime}` as MessageKey)}</label>`,
)}
</fieldset>
<button type="submit">${t("company.save")}</button></form>`
    : ""
}
</section>
<p class="muted">${t("company.secrets_note")}</p>`;
  return signedInPage(req, t("company.title"), "/company", content, flash);
}

/** Uploads the certificate of the mode read, checked by the API's own schema and then by signing. */
export async function uploadCertificate(req: PageRequest, deps: GatewayDeps): Promise<void> {
  const f = req.form;
  const pfx = f.pfx ?? "";
  const body =
    pfx.length > 0
      ? { pfx, password: f.password ?? "" }
      : { certificate: f.certificate ?? "", private_key: f.private_key ?? "" };
  const violations = deps.validator.certificateUpload(body);
  if (violations.length > 0) throw validationFailed(violations);
  await deps.signing.uploadCertificate({
    scope: req.scope,
    credentials:
      pfx.length > 0
        ? { case: "pkcs12", value: { pfx: Buffer.from(pfx, "base64"), password: f.password ?? "" } }
        : {
            case: "pem",
            value: { certificatePem: f.certificate ?? "", privateKeyPem: f.private_key ?? "" },
          },
  });
}

export async function saveSol(req: PageRequest, deps: GatewayDeps): Promise<void> {
  const body = { user: req.form.user ?? "", password: req.form.password ?? "" };
  const violations = deps.validator.solCredentials(body);
  if (violations.length > 0) throw validationFailed(violations);
  await deps.submission.setSolCredentials({ scope: req.scope, user: body.user, password: body.password });
}

/** Sets the IGV regime of the mode read, as `PUT /v1/company/igv_regime` does (same schema, same use case). */
export async function saveIgvRegime(req: PageRequest, deps: GatewayDeps): Promise<void> {
  const body = { igv_regime: req.form.igv_regime ?? "" };
  const violations = deps.validator.igvRegime(body);
  if (violations.length > 0) throw validationFailed(violations);
  await new SetIgvRegime(deps.store).execute(req.scope, body.igv_regime as IgvRegime);
}

export async function saveGre(req: PageRequest, deps: GatewayDeps): Promise<void> {
  const body = { client_id: req.form.client_id ?? "", client_secret: req.form.client_secret ?? "" };
  const violations = deps.validator.greCredentials(body);
  if (violations.length > 0) throw validationFailed(violations);
  await deps.submission.setGreCredentials({
    scope: req.scope,
    clientId: body.client_id,
    clientSecret: body.client_secret,
  });
}
