import { type Html, html } from "./html.js";
import type { Locale, MessageKey, Translate } from "./i18n.js";

export type Mode = "test" | "live";

export interface PageChrome {
  t: Translate;
  locale: Locale;
  /** Signed-in pages: the mode read, the person and the CSRF token for the header's forms. */
  session?: {
    mode: Mode;
    email: string;
    role: string;
    csrf: string;
    companyName: string;
    /** This page's path after `/dashboard/{mode}`, to switch mode on the same page. */
    section: string;
  };
  title: string;
  flash?: { kind: "ok" | "error"; text: string } | undefined;
}

const NAV: Array<[string, MessageKey]> = [
  ["/documents", "nav.documents"],
  ["/developers", "nav.developers"],
  ["/webhooks", "nav.webhooks"],
  ["/events", "nav.events"],
  ["/company", "nav.company"],
  ["/brand", "nav.brand"],
  ["/team", "nav.team"],
];

export const csrfField = (csrf: string) => html`<input type="hidden" name="_csrf" value="${csrf}">`;

/** The page shell: header with the mode read (always visible), navigation, language, sign-out; then the content. */
export function layout(chrome: PageChrome, content: Html): Html {
  const { t, session } = chrome;
  const other = session?.mode === "live" ? "test" : "live";
  const header = session
    ? html`<header class="top mode-${session.mode}">
  <div class="bar">
    <a class="brand" href="/dashboard/${session.mode}/documents">${t("app.name")}</a>
    <span class="company">${session.companyName}</span>
    <p class="mode-badge" data-mode="${session.mode}"><span class="sr-only">${t("mode.reading")} </span>${t(session.mode === "live" ? "mode.live" : "mode.test")}</p>
    <a class="mode-switch" href="/dashboard/${other}${session.section}">${t(other === "live" ? "mode.switch_to_live" : "mode.switch_to_test")}</a>
  </div>
  <nav aria-label="${t("nav.menu")}">
    <ul>${NAV.map(([path, key]) => html`<li><a href="/dashboard/${session.mode}${path}"${session.section.startsWith(path) ? html` aria-current="page"` : ""}>${t(key)}</a></li>`)}</ul>
    <div class="who">
      <span>${session.email} · ${t(session.role === "admin" ? "role.admin" : "role.viewer")}</span>
      <a href="/dashboard/language?to=${chrome.locale === "es" ? "en" : "es"}&amp;back=${encodeURIComponent(`/dashboard/${session.mode}${session.section}`)}" lang="${chrome.locale === "es" ? "en" : "es"}">${t("lang.switch")}</a>
      <form method="post" action="/dashboard/sign-out">${csrfField(session.csrf)}<button type="submit" class="link">${t("nav.signout")}</button></form>
      <form method="post" action="/dashboard/sign-out-everywhere">${csrfField(session.csrf)}<button type="submit" class="link">${t("nav.signout_everywhere")}</button></form>
    </div>
  </nav>
</header>`
    : html`<header class="top"><div class="bar"><span class="brand">${t("app.name")}</span>
  <a href="/dashboard/language?to=${chrome.locale === "es" ? "en" : "es"}&amp;back=/dashboard/sign-in" lang="${chrome.locale === "es" ? "en" : "es"}">${t("lang.switch")}</a></div></header>`;
  const flash = chrome.flash
    ? html`<p class="flash flash-${chrome.flash.kind}" role="${chrome.flash.kind === "error" ? "alert" : "status"}">${chrome.flash.text}</p>`
    : "";
  return html`<html lang="${chrome.locale === "es" ? "es-PE" : "en"}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${chrome.title} · ${t("app.name")}${session ? ` · ${t(session.mode === "live" ? "mode.live" : "mode.test")}` : ""}</title>
<link rel="stylesheet" href="/dashboard/assets/app.css">
<script src="/dashboard/assets/app.js" defer></script>
</head>
<body>
<a class="skip" href="#main">${t("skip")}</a>
${header}
<main id="main">
<h1>${chrome.title}</h1>
${flash}
${content}
</main>
</body>
</html>`;
}
