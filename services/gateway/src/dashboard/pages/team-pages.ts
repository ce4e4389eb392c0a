import type { GatewayDeps } from "../../http/context.js";
import {
  AcceptInvitation,
  CreateInvitation,
  findOpenInvitation,
  openInvitations,
  revokeInvitation,
} from "../accounts/invitations.js";
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
  invitation?: SentInvitation,
  flash?: { kind: "ok" | "error"; text: string },
): Promise<Html> {
  const { t, locale } = req;
  const users = await new DashboardRepositories(deps.store).users.find(
    { company_id: req.company._id },
    { sort: [{ field: "created_at", direction: 1 }] },
  );
  const admin = isAdmin(req);
  const invitations = admin ? await openInvitations(deps.store, req.company._id) : [];
  const csrf = csrfField(req.session.csrf);
  const content = html`
${
  invitation
    ? html`<div class="secret" role="status"><p>${t("team.invite_link")}</p><code id="invite-link">${invitation.link}</code>
<button type="button" class="secondary" data-copy="invite-link" data-copied="${t("dev.copied")}">${t("dev.copy")}</button>
<p id="invite-mail">${invitation.mailed ? t("team.invite_mailed", { email: invitation.email }) : t("team.invite_not_mailed")}</p></div>`
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
  admin
    ? html`<h3>${t("team.pending")}</h3>
${
  invitations.length === 0
    ? html`<p>${t("team.no_pending")}</p>`
    : html`<div class="table-wrap"><table class="stack" id="invitations">
<thead><tr><th scope="col">${t("team.email")}</th><th scope="col">${t("team.role")}</th><th scope="col">${t("team.expires")}</th><th scope="col">${t("common.actions")}</th></tr></thead>
<tbody>${invitations.map(
        (i) => html`<tr><td data-label="${t("team.email")}">${i.email}</td>
<td data-label="${t("team.role")}">${t(i.role === "admin" ? "role.admin" : "role.viewer")}</td>
<td data-label="${t("team.expires")}">${formatDateTime(locale, i.expires_at)}</td>
<td data-label="${t("common.actions")}"><form method="post" action="/dashboard/${req.mode}/team/invitations/${i._id}/revoke" data-confirm="${t("team.revoke")}?">${csrf}<button type="submit" class="danger" aria-label="${t("team.revoke")} ${i.email}">${t("team.revoke")}</button></form></td></tr>`,
      )}</tbody></table></div>`
}
<form method="post" action="/dashboard/${req.mode}/team/invitations" class="actions">${csrf}
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

/** Revokes one of the company's open invitations; false when there is no such open invitation. */
export const revoke = (req: PageRequest, deps: GatewayDeps, id: string) =>
  revokeInvitation(deps.store, req.company._id, id);

/** A new invitation: its one-time link (shown once) and whether it was mailed to the person too. */
export interface SentInvitation {
  link: string;
  email: string;
  mailed: boolean;
}

/**
 * Invites a person: the link is shown to the admin, and mailed through the notification service's SMTP server.
 * A mail server that refuses it only loses the email: the admin still has the link to share.
 */
export async function invite(req: PageRequest, deps: GatewayDeps): Promise<SentInvitation> {
  const role: Role = req.form.role === "admin" ? "admin" : "viewer";
  const { token, invitation } = await new CreateInvitation(deps.store).execute({
    companyId: req.company._id,
    email: req.form.email ?? "",
    role,
    invitedBy: req.user._id,
  });
  const link = `${req.ctx.origin}/dashboard/invitations/${token}`;
  const mailed = await deps.notification
    .sendInvitationEmail({
      scope: req.scope,
      to: invitation.email,
      link,
      companyName: req.company.trade_name ?? req.company.legal_name,
      role,
      language: req.locale,
    })
    .then(
      () => true,
      (error: unknown) => {
        deps.logger.warn({ err: (error as Error).message }, "invitation email not sent");
        return false;
      },
    );
  return { link, email: invitation.email, mailed };
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
