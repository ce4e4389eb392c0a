import { Router } from "@koa/router";
import type { Context, Middleware, Next } from "koa";
import { CompanyRepository } from "../adapters/company-repository.js";
import { toApiError, validationFailed } from "../errors/public-errors.js";
import { type GatewayDeps, scopeOf } from "../http/context.js";
import { issuingUseCases } from "../http/issuing-use-cases.js";
import { OpenDocumentFile } from "../usecases/open-document-file.js";
import { newToken } from "./accounts/records.js";
import { Sessions } from "./accounts/sessions.js";
import { SignIn, type SignInThrottle } from "./accounts/sign-in.js";
import { APP_CSS } from "./assets/app-css.js";
import { APP_JS } from "./assets/app-js.js";
import type { DashboardSettings } from "./dashboard-settings.js";
import { html } from "./html.js";
import {
  FormTooLarge,
  LANG_COOKIE,
  PRE_SESSION_COOKIE,
  readCookie,
  readForm,
  readFormParams,
  readMultipartForm,
  SESSION_COOKIE,
  sameOrigin,
  sameToken,
  sendHtml,
  setCookie,
  setSecurityHeaders,
  type UploadedFile,
} from "./http-kit.js";
import { localeOf, translator } from "./i18n.js";
import { layout, type Mode } from "./layout.js";
import { liveStream } from "./live-stream.js";
import { brandPage, openLogo, removeLogo, uploadLogo } from "./pages/brand-pages.js";
import { companyPage, saveGre, saveIgvRegime, saveSol, uploadCertificate } from "./pages/company-pages.js";
import { createKey, developersPage, revokeKey } from "./pages/developer-pages.js";
import { documentListPage, documentPage, readDocument } from "./pages/document-pages.js";
import { eventsPage } from "./pages/event-pages.js";
import { issueNote } from "./pages/note-forms.js";
import { signInPage } from "./pages/sign-in-page.js";
import { acceptInvitation, invitationPage, invite, revoke, teamPage } from "./pages/team-pages.js";
import {
  createWebhook,
  deleteWebhook,
  retryDelivery,
  rotateWebhookSecret,
  updateWebhook,
  webhookPage,
  webhooksPage,
} from "./pages/webhook-pages.js";
import type { PageRequest } from "./request.js";

export const DASHBOARD_PATH = "/dashboard";

/** Failed sign-ins allowed per 15 minutes: per client address, and per account (email). */
export const DEFAULT_SIGNIN_THROTTLE: SignInThrottle = { perAddress: 20, perAccount: 5 };

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly messageKey: "error.forbidden" | "error.csrf" | "error.not_found",
  ) {
    super(messageKey);
  }
}

const MODES: readonly string[] = ["test", "live"];

/**
 * The web dashboard, served by the gateway under /dashboard: server-rendered pages over the same use cases and
 * services as /v1, for a person signed in with a session cookie instead of a key. See docs/architecture.md.
 */
export function dashboard(deps: GatewayDeps, settings: DashboardSettings): Middleware {
  const sessions = new Sessions(deps.store);
  const signIn = new SignIn(deps.store, settings.signInThrottle);
  const openFile = new OpenDocumentFile(deps);
  // The API's note use case, with the same wiring: the same checks, numbering and register.
  const { createNote } = issuingUseCases(deps);
  const router = new Router();

  const chromeOf = (ctx: Context) => {
    const locale = localeOf(readCookie(ctx, LANG_COOKIE));
    return { locale, t: translator(locale) };
  };

  /** The double-submit token of the signed-out forms, kept in its own HttpOnly cookie. */
  const preCsrf = (ctx: Context): string => {
    const existing = readCookie(ctx, PRE_SESSION_COOKIE);
    if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
    const token = newToken();
    setCookie(ctx, PRE_SESSION_COOKIE, token);
    return token;
  };

  /** Signed-out form posts: same origin, and the form's token equals the cookie's. */
  const checkPreCsrf = (ctx: Context, form: Record<string, string>) => {
    if (!sameOrigin(ctx) || !sameToken(form._csrf, readCookie(ctx, PRE_SESSION_COOKIE)))
      throw new Refusal(403, "error.csrf");
  };

  type Handler = (req: PageRequest) => Promise<void>;
  /**
   * A signed-in page or change. Changes (POST) need the session's CSRF token and an admin, except `anyRole`
   * (signing out). Without a session: pages go to sign-in, changes are refused.
   */
  const signedIn =
    (handler: Handler, options: { change?: boolean; anyRole?: boolean } = {}) =>
    async (ctx: Context) => {
      const { t, locale } = chromeOf(ctx);
      const found = await sessions.find(readCookie(ctx, SESSION_COOKIE));
      if (!found) {
        if (options.change) throw new Refusal(403, "error.csrf");
        ctx.redirect(`${DASHBOARD_PATH}/sign-in`);
        return;
      }
      const modeParam = ctx.params?.mode ?? "test";
      if (!MODES.includes(modeParam)) throw new Refusal(404, "error.not_found");
      let params = new URLSearchParams();
      let files = new Map<string, UploadedFile>();
      if (options.change) {
        if (ctx.is("multipart/form-data")) ({ params, files } = await readMultipartForm(ctx));
        else params = await readFormParams(ctx);
        const form = Object.fromEntries(params);
        if (!sameOrigin(ctx) || !sameToken(form._csrf, found.session.csrf))
          throw new Refusal(403, "error.csrf");
        if (!options.anyRole && found.user.role !== "admin") throw new Refusal(403, "error.forbidden");
      }
      const form = Object.fromEntries(params);
      const company = await new CompanyRepository(deps.store).findById(found.user.company_id);
      if (!company) throw new Refusal(403, "error.forbidden");
      const caller = { company, livemode: modeParam === "live" };
      await handler({
        ctx,
        t,
        locale,
        user: found.user,
        session: found.session,
        company,
        mode: modeParam as Mode,
        caller,
        scope: scopeOf(caller),
        form,
        formList: (name) => params.getAll(name),
        files,
      });
    };

  /** Renders a change's failure on its page: bad input keeps the page with the API's plain-words message. */
  const orFlash = async (
    req: PageRequest,
    work: () => Promise<void>,
    page: (flash: { kind: "ok" | "error"; text: string }) => Promise<ReturnType<typeof html>>,
  ) => {
    try {
      await work();
    } catch (error) {
      const apiError = toApiError(error);
      if (!apiError || apiError.status >= 500 || apiError.status === 404) throw error;
      sendHtml(req.ctx, await page({ kind: "error", text: apiError.message }), apiError.status);
      return false;
    }
    return true;
  };

  const done = (ctx: Context, path: string) => {
    ctx.status = 303;
    ctx.redirect(path);
  };

  router.get("/dashboard", (ctx) => ctx.redirect(`${DASHBOARD_PATH}/test/documents`));
  router.get("/dashboard/assets/app.css", (ctx) => {
    ctx.type = "text/css; charset=utf-8";
    ctx.set("Cache-Control", "no-cache");
    ctx.body = APP_CSS;
  });
  router.get("/dashboard/assets/app.js", (ctx) => {
    ctx.type = "text/javascript; charset=utf-8";
    ctx.set("Cache-Control", "no-cache");
    ctx.body = APP_JS;
  });
  router.get("/dashboard/language", (ctx) => {
    const to = ctx.query.to === "en" ? "en" : "es";
    ctx.append("Set-Cookie", `${LANG_COOKIE}=${to}; Path=/dashboard; Max-Age=31536000; Secure; SameSite=Lax`);
    const back = typeof ctx.query.back === "string" ? ctx.query.back : "";
    // Only back to a page of the dashboard: never an open redirect.
    ctx.redirect(/^\/dashboard(\/[\w\-/]*)?$/.test(back) ? back : DASHBOARD_PATH);
  });

  router.get("/dashboard/sign-in", async (ctx) => {
    const chrome = chromeOf(ctx);
    const expired = ctx.query.expired !== undefined;
    sendHtml(
      ctx,
      signInPage(
        { ...chrome, preCsrf: preCsrf(ctx) },
        "",
        expired ? { kind: "error", text: chrome.t("signin.expired") } : undefined,
      ),
    );
  });
  router.post("/dashboard/sign-in", async (ctx) => {
    const chrome = chromeOf(ctx);
    const form = await readForm(ctx);
    checkPreCsrf(ctx, form);
    const email = form.email ?? "";
    const result = await signIn.execute({ email, password: form.password ?? "", address: ctx.ip });
    if (result.outcome !== "signed_in") {
      const throttled = result.outcome === "throttled";
      if (throttled) ctx.set("Retry-After", String(result.retryAfterSeconds));
      const text = throttled
        ? chrome.t("signin.throttled", { seconds: result.retryAfterSeconds })
        : chrome.t("signin.refused");
      sendHtml(
        ctx,
        signInPage({ ...chrome, preCsrf: preCsrf(ctx) }, email, { kind: "error", text }),
        throttled ? 429 : 401,
      );
      return;
    }
    // A token the browser came with is never promoted: sign-in always opens a new session (no fixation).
    const previous = readCookie(ctx, SESSION_COOKIE);
    if (previous) await sessions.close(previous);
    const { token } = await sessions.open(result.user);
    setCookie(ctx, SESSION_COOKIE, token);
    setCookie(ctx, PRE_SESSION_COOKIE, "", 0);
    done(ctx, `${DASHBOARD_PATH}/test/documents`);
  });
  router.post(
    "/dashboard/sign-out",
    signedIn(
      async (req) => {
        await sessions.close(readCookie(req.ctx, SESSION_COOKIE)!);
        setCookie(req.ctx, SESSION_COOKIE, "", 0);
        done(req.ctx, `${DASHBOARD_PATH}/sign-in`);
      },
      { change: true, anyRole: true },
    ),
  );
  router.post(
    "/dashboard/sign-out-everywhere",
    signedIn(
      async (req) => {
        await sessions.closeEverywhere(req.user);
        setCookie(req.ctx, SESSION_COOKIE, "", 0);
        done(req.ctx, `${DASHBOARD_PATH}/sign-in`);
      },
      { change: true, anyRole: true },
    ),
  );

  router.get("/dashboard/invitations/:token", async (ctx) => {
    const chrome = chromeOf(ctx);
    const { page, found } = await invitationPage(
      deps,
      { ...chrome, preCsrf: preCsrf(ctx) },
      ctx.params.token!,
    );
    sendHtml(ctx, page, found ? 200 : 404);
  });
  router.post("/dashboard/invitations/:token", async (ctx) => {
    const chrome = chromeOf(ctx);
    const form = await readForm(ctx);
    checkPreCsrf(ctx, form);
    try {
      const user = await acceptInvitation(deps, ctx.params.token!, form.password ?? "");
      if (!user) throw new Refusal(404, "error.not_found");
    } catch (error) {
      if (error instanceof Refusal) throw error;
      const { page } = await invitationPage(deps, { ...chrome, preCsrf: preCsrf(ctx) }, ctx.params.token!, {
        kind: "error",
        text: (error as Error).message,
      });
      sendHtml(ctx, page, 422);
      return;
    }
    done(ctx, `${DASHBOARD_PATH}/sign-in`);
  });

  const m = "/dashboard/:mode";
  router.get(
    `${m}/documents`,
    signedIn(async (req) => sendHtml(req.ctx, await documentListPage(req, deps))),
  );
  router.get(
    `${m}/documents/:id`,
    signedIn(async (req) => {
      const flash = req.ctx.query.done;
      const text =
        flash === "void"
          ? req.t("doc.void_requested")
          : flash === "email"
            ? req.t("doc.email_sent")
            : flash === "note"
              ? req.t("note.issued")
              : undefined;
      sendHtml(
        req.ctx,
        await documentPage(req, deps, req.ctx.params.id!, text ? { kind: "ok", text } : undefined),
      );
    }),
  );
  router.get(
    `${m}/documents/:id/files/:kind`,
    signedIn(async (req) => {
      const { ctx } = req;
      const file = await openFile.execute({
        scope: req.scope,
        documentId: ctx.params.id!,
        kind: ctx.params.kind!,
        withBody: true,
      });
      ctx.set("Content-Type", file.info.contentType);
      ctx.set(
        "Content-Disposition",
        `${file.kind === "pdf" ? "inline" : "attachment"}; filename="${file.fileName}"`,
      );
      // The PDF is shown in this origin's frame: the page's CSP would forbid it (frame-ancestors 'none').
      if (file.kind === "pdf") {
        ctx.set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'self'");
        ctx.set("X-Frame-Options", "SAMEORIGIN");
      }
      ctx.length = file.info.size;
      ctx.body = file.body;
    }),
  );
  for (const action of ["void", "email"] as const) {
    router.post(
      `${m}/documents/:id/${action}`,
      signedIn(
        async (req) => {
          const id = req.ctx.params.id!;
          await readDocument(req, deps, id);
          const ok = await orFlash(
            req,
            async () => {
              if (action === "void") {
                const body = { reason: req.form.reason ?? "" };
                const violations = deps.validator.documentVoid(body);
                if (violations.length > 0) throw validationFailed(violations);
                await deps.numbering.voidDocument({ scope: req.scope, id, reason: body.reason });
              } else {
                const body = { to: [req.form.to ?? ""] };
                const violations = deps.validator.documentEmail(body);
                if (violations.length > 0) throw validationFailed(violations);
                await deps.notification.sendDocumentEmail({
                  scope: req.scope,
                  documentId: id,
                  to: body.to,
                  cc: [],
                });
              }
            },
            (flash) => documentPage(req, deps, id, flash),
          );
          if (ok) done(req.ctx, `/dashboard/${req.mode}/documents/${id}?done=${action}`);
        },
        { change: true },
      ),
    );
  }
  for (const kind of ["credit", "debit"] as const) {
    router.post(
      `${m}/documents/:id/${kind}_note`,
      signedIn(
        async (req) => {
          const id = req.ctx.params.id!;
          await readDocument(req, deps, id);
          // The form's add/remove line buttons: the page again, with the form as typed and its lines changed.
          if (req.form.line_action) return sendHtml(req.ctx, await documentPage(req, deps, id));
          let noteId = "";
          const ok = await orFlash(
            req,
            async () => {
              noteId = await issueNote(req, deps, createNote, id, kind);
            },
            (flash) => documentPage(req, deps, id, flash),
          );
          if (ok) done(req.ctx, `/dashboard/${req.mode}/documents/${noteId}?done=note`);
        },
        { change: true },
      ),
    );
  }
  router.get(
    `${m}/stream`,
    signedIn((req) => liveStream(req, deps)),
  );
  router.get(
    `${m}/events`,
    signedIn(async (req) => sendHtml(req.ctx, await eventsPage(req, deps))),
  );

  router.get(
    `${m}/brand`,
    signedIn(async (req) => {
      const done = req.ctx.query.done;
      const text =
        done === "saved" ? req.t("brand.saved") : done === "removed" ? req.t("brand.removed") : undefined;
      sendHtml(req.ctx, await brandPage(req, deps, text ? { kind: "ok", text } : undefined));
    }),
  );
  router.get(
    `${m}/brand/logo`,
    signedIn(async (req) => {
      const found = await openLogo(req, deps);
      if (!found) throw new Refusal(404, "error.not_found");
      req.ctx.set("Content-Type", found.logo.content_type);
      req.ctx.length = found.file.size;
      req.ctx.body = found.file.body;
    }),
  );
  router.post(
    `${m}/brand/logo`,
    signedIn(
      async (req) => {
        const ok = await orFlash(
          req,
          () => uploadLogo(req, deps),
          (flash) => brandPage(req, deps, flash),
        );
        if (ok) done(req.ctx, `/dashboard/${req.mode}/brand?done=saved`);
      },
      { change: true },
    ),
  );
  router.post(
    `${m}/brand/logo/remove`,
    signedIn(
      async (req) => {
        await removeLogo(req, deps);
        done(req.ctx, `/dashboard/${req.mode}/brand?done=removed`);
      },
      { change: true },
    ),
  );

  router.get(
    `${m}/developers`,
    signedIn(async (req) => sendHtml(req.ctx, await developersPage(req, deps))),
  );
  router.post(
    `${m}/developers/keys`,
    signedIn(async (req) => sendHtml(req.ctx, await createKey(req, deps), 201), { change: true }),
  );
  router.post(
    `${m}/developers/keys/:id/revoke`,
    signedIn(
      async (req) => {
        if (!(await revokeKey(req, deps, req.ctx.params.id!))) throw new Refusal(404, "error.not_found");
        done(req.ctx, `/dashboard/${req.mode}/developers`);
      },
      { change: true },
    ),
  );

  router.get(
    `${m}/company`,
    signedIn(async (req) => {
      const saved = req.ctx.query.done === "saved";
      sendHtml(
        req.ctx,
        await companyPage(req, deps, saved ? { kind: "ok", text: req.t("company.saved") } : undefined),
      );
    }),
  );
  for (const [path, save] of [
    ["certificate", uploadCertificate],
    ["sol", saveSol],
    ["gre", saveGre],
    ["igv", saveIgvRegime],
  ] as const) {
    router.post(
      `${m}/company/${path}`,
      signedIn(
        async (req) => {
          const ok = await orFlash(
            req,
            () => save(req, deps),
            (flash) => companyPage(req, deps, flash),
          );
          if (ok) done(req.ctx, `/dashboard/${req.mode}/company?done=saved`);
        },
        { change: true },
      ),
    );
  }

  router.get(
    `${m}/webhooks`,
    signedIn(async (req) => {
      const deleted = req.ctx.query.done === "deleted";
      const flash = deleted ? { kind: "ok" as const, text: req.t("hooks.deleted") } : undefined;
      sendHtml(req.ctx, await webhooksPage(req, deps, undefined, flash));
    }),
  );
  router.post(
    `${m}/webhooks`,
    signedIn(
      async (req) => {
        let created = { id: "", secret: "" };
        const ok = await orFlash(
          req,
          async () => {
            created = await createWebhook(req, deps);
          },
          (flash) => webhooksPage(req, deps, undefined, flash),
        );
        // The secret is in this answer only: the endpoint's page, rendered here rather than redirected to.
        if (ok) sendHtml(req.ctx, await webhookPage(req, deps, created.id, created.secret), 201);
      },
      { change: true },
    ),
  );
  router.get(
    `${m}/webhooks/:id`,
    signedIn(async (req) => {
      const saved = req.ctx.query.done === "saved";
      const retried = req.ctx.query.done === "retried";
      const text = saved ? req.t("company.saved") : retried ? req.t("hooks.retried") : undefined;
      sendHtml(
        req.ctx,
        await webhookPage(req, deps, req.ctx.params.id!, undefined, text ? { kind: "ok", text } : undefined),
      );
    }),
  );
  router.post(
    `${m}/webhooks/:id`,
    signedIn(
      async (req) => {
        const id = req.ctx.params.id!;
        const ok = await orFlash(
          req,
          () => updateWebhook(req, deps, id),
          (flash) => webhookPage(req, deps, id, undefined, flash),
        );
        if (ok) done(req.ctx, `/dashboard/${req.mode}/webhooks/${id}?done=saved`);
      },
      { change: true },
    ),
  );
  router.post(
    `${m}/webhooks/:id/rotate`,
    signedIn(
      async (req) => {
        const id = req.ctx.params.id!;
        const secret = await rotateWebhookSecret(req, deps, id);
        sendHtml(req.ctx, await webhookPage(req, deps, id, secret));
      },
      { change: true },
    ),
  );
  router.post(
    `${m}/webhooks/:id/delete`,
    signedIn(
      async (req) => {
        await deleteWebhook(req, deps, req.ctx.params.id!);
        done(req.ctx, `/dashboard/${req.mode}/webhooks?done=deleted`);
      },
      { change: true },
    ),
  );
  router.post(
    `${m}/webhooks/:id/deliveries/:delivery/retry`,
    signedIn(
      async (req) => {
        const id = req.ctx.params.id!;
        await retryDelivery(req, deps, id, req.ctx.params.delivery!);
        done(req.ctx, `/dashboard/${req.mode}/webhooks/${id}?done=retried`);
      },
      { change: true },
    ),
  );

  router.get(
    `${m}/team`,
    signedIn(async (req) => {
      const revoked = req.ctx.query.done === "revoked";
      const flash = revoked ? { kind: "ok" as const, text: req.t("team.revoked") } : undefined;
      sendHtml(req.ctx, await teamPage(req, deps, undefined, flash));
    }),
  );
  router.post(
    `${m}/team/invitations/:id/revoke`,
    signedIn(
      async (req) => {
        if (!(await revoke(req, deps, req.ctx.params.id!))) throw new Refusal(404, "error.not_found");
        done(req.ctx, `/dashboard/${req.mode}/team?done=revoked`);
      },
      { change: true },
    ),
  );
  router.post(
    `${m}/team/invitations`,
    signedIn(
      async (req) => {
        try {
          sendHtml(req.ctx, await teamPage(req, deps, await invite(req, deps)), 201);
        } catch (error) {
          sendHtml(
            req.ctx,
            await teamPage(req, deps, undefined, { kind: "error", text: (error as Error).message }),
            422,
          );
        }
      },
      { change: true },
    ),
  );

  const routes = router.routes();
  return async (ctx: Context, next: Next) => {
    if (ctx.path !== DASHBOARD_PATH && !ctx.path.startsWith(`${DASHBOARD_PATH}/`)) return next();
    setSecurityHeaders(ctx);
    const { t, locale } = chromeOf(ctx);
    const refuse = (status: number, text: string) =>
      sendHtml(
        ctx,
        layout(
          { t, locale, title: t("error.title") },
          html`<p class="flash flash-error" role="alert">${text}</p>
<p><a href="${DASHBOARD_PATH}">${t("nav.documents")}</a></p>`,
        ),
        status,
      );
    try {
      await routes(ctx as Parameters<typeof routes>[0], async () => {
        throw new Refusal(404, "error.not_found");
      });
    } catch (error) {
      if (error instanceof Refusal) return refuse(error.status, t(error.messageKey));
      if (error instanceof FormTooLarge) return refuse(413, "413");
      const apiError = toApiError(error);
      if (apiError && apiError.status < 500)
        return refuse(apiError.status, apiError.status === 404 ? t("error.not_found") : apiError.message);
      if (!apiError) deps.logger.error({ err: error, path: ctx.path }, "dashboard request failed");
      if (apiError?.retryAfterSeconds) ctx.set("Retry-After", String(apiError.retryAfterSeconds));
      return refuse(apiError?.status ?? 500, t("error.unavailable"));
    }
  };
}
