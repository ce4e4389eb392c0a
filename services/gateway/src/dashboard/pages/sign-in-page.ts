import { type Html, html } from "../html.js";
import type { Locale, Translate } from "../i18n.js";
import { csrfField, layout } from "../layout.js";

export function signInPage(
  chrome: { t: Translate; locale: Locale; preCsrf: string },
  email = "",
  flash?: { kind: "ok" | "error"; text: string },
): Html {
  const { t } = chrome;
  return layout(
    { t, locale: chrome.locale, title: t("signin.title"), flash },
    html`<form method="post" action="/dashboard/sign-in" class="auth">${csrfField(chrome.preCsrf)}
<div class="field"><label for="email">${t("signin.email")}</label><input id="email" name="email" type="email" value="${email}" required autocomplete="username"></div>
<div class="field"><label for="password">${t("signin.password")}</label><input id="password" name="password" type="password" required autocomplete="current-password"></div>
<button type="submit">${t("signin.submit")}</button>
</form>`,
  );
}
