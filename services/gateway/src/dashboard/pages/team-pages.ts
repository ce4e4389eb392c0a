import type { GatewayDeps } from "../../http/context.js";
import { AcceptInvitation, CreateInvitation, findOpenInvitation } from "../accounts/invitations.js";
import { DashboardRepositories, ROLES, type Role } from "../accounts/records.js";
import { MIN_PASSWORD_LENGTH } from "../accounts/users.js";
import { type Html, html } from "../html.js";
import { formatDateTime, type Locale, type Translate } from "../i18n.js";
import { csrfField, layout } from "../layout.js";
import { isAdmin, type PageRequest, signedInPage } from "../request.js";

/** The company's people and, for admins, the invitation form; a new link is shown once, right after. */
export async function teamPage(
  req: PageRequest,
  deps: GatewayDeps,
  invitationLink?: string,
  flash?: { kind: "ok" | "error"; text: string },
): Promise<Html> {
  const { t, locale } = req;
  const users = await new DashboardRepositories(deps.store).users.find(
    { company_id: req.company._id },
    { sort: [{ field: "created_at", direction: 1 }] },
  );
  const content = html`
${
  invitationLink
    ? html`<div class="secret" role="status"><p>${t("team.invite_link")}</p><code id="invite-link">${invitationLink}</code>
<button type="button" class="secondary" data-copy="invite-link" data-copied="${t("dev.copied")}">${t("dev.copy")}</button></div>`
    : ""
}
<section aria-labelledby="h-team"><h2 id="h-team" class="sr-only">${t("team.title")}</h2>
<div class="table-wrap"><table class="stack">
<thead><tr><th scope="col">${t("team.email")}</th><th scope="col">${t("team.role")}</th><th scope="col">${t("dev.created")}</th></tr></thead>
<tbody>${users.map(
    (
      u,
    ) => html`<tr><td data-label="${t("team.email")}">${u.email} ${u._id === req.user._id ? t("team.you") : ""}</td>
<td data-label="${t("team.role")}">${t(u.role === "admin" ? "role.admin" : "role.viewer")}</td>
<td data-label="${t("dev.created")}">${formatDateTime(locale, u.created_at)}</td></tr>`,
  )}</tbody></table></div>
${
  isAdmin(req)
    ? html`<form method="post" action="/dashboard/${req.mode}/team/invitations" class="actions">${csrfField(req.session.csrf)}
<div class="field"><label for="invite-email">${t("team.email")}</label><input id="invite-email" name="email" type="email" required></div>
<div class="field"><label for="invite-role">${t("team.role")}</label><select id="invite-role" name="role">${ROLES.map(
        (r) => html`<option value="${r}">${t(r === "admin" ? "role.admin" : "role.viewer")}</option>`,
      )}</select></div>
<button type="submit">${t("team.invite")}</button></form>`
    : ""
}
</section>`;
  return signedInPage(req, t("team.title"), "/team", content, flash);
}

export async function invite(req: PageRequest, deps: GatewayDeps): Promise<string> {
  const role: Role = req.form.role === "admin" ? "admin" : "viewer";
  const { token } = await new CreateInvitation(deps.store).execute({
    companyId: req.company._id,
    email: req.form.email ?? "",
    role,
    invitedBy: req.user._id,
  });
  return `${req.ctx.origin}/dashboard/invitations/${token}`;
}

/** The page an invitation link opens: choose a password. */
export async function invitationPage(
  deps: GatewayDeps,
  chrome: { t: Translate; locale: Locale; preCsrf: string },
  token: string,
  flash?: { kind: "ok" | "error"; text: string },
): Promise<{ page: Html; found: boolean }> {
  const { t } = chrome;
  const invitation = await findOpenInvitation(deps.store, token);
  const content = invitation
    ? html`<form method="post" class="auth" action="/dashboard/invitations/${token}">${csrfField(chrome.preCsrf)}
<p>${invitation.email}</p>
<div class="field"><label for="new-password">${t("invite.choose_password")}</label><input id="new-password" name="password" type="password" minlength="${MIN_PASSWORD_LENGTH}" required autocomplete="new-password"></div>
<button type="submit">${t("invite.accept")}</button></form>`
    : html`<p class="flash flash-error" role="alert">${t("invite.invalid")}</p>`;
  return {
    page: layout({ t, locale: chrome.locale, title: t("invite.title"), flash }, content),
    found: !!invitation,
  };
}

export const acceptInvitation = (deps: GatewayDeps, token: string, password: string) =>
  new AcceptInvitation(deps.store).execute(token, password);
