import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openAdminStore } from "@einvoice/gateway/admin";
import { testPng } from "@einvoice/testkit";
import { createTestCertificate, exportPfx } from "@einvoice/ubl";
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootTestSystem, type TestSystem } from "./harness.js";

/**
 * The web dashboard in a real browser (Debian's Chromium, headless, driven by playwright-core) against the whole
 * system booted as `npm start` boots it, signed in as the first admin `npm start` prints. Every page is checked
 * with axe-core (no serious or critical violation) and photographed at desktop and phone width into
 * $TMPDIR/einvoice-dashboard-*.png for a person to look at.
 */

const CHROMIUM = "/usr/bin/chromium";
const ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const AXE_SOURCE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
/** A customer name that would run as script if any page put document values into markup unescaped. */
const HOSTILE_NAME = `<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">ACME`;

let sys: TestSystem;
let browser: Browser;
let admin: BrowserContext;
let page: Page;
let base: string;
let axeSource: string;
const visited: string[] = [];

/** Retries `check` until it passes or `timeoutMs` is over (the page may still be updating). */
async function until(check: () => Promise<void>, timeoutMs = 10_000): Promise<void> {
  const giveUpAt = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > giveUpAt) throw error;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

const textOf = async (locator: Locator) =>
  ((await locator.first().textContent()) ?? "").replace(/\s+/g, " ").trim();

/** The element's text is `expected` (a string: exactly; a RegExp: matching), soon. */
const hasText = (locator: Locator, expected: string | RegExp, timeoutMs?: number) =>
  until(async () => {
    const text = await textOf(locator);
    if (typeof expected === "string") expect(text).toBe(expected);
    else expect(text).toMatch(expected);
  }, timeoutMs);

const containsText = (locator: Locator, expected: string | RegExp, timeoutMs?: number) =>
  until(async () => {
    const text = await textOf(locator);
    if (typeof expected === "string") expect(text).toContain(expected);
    else expect(text).toMatch(expected);
  }, timeoutMs);

const visible = (locator: Locator, timeout = 10_000) =>
  locator.first().waitFor({ state: "visible", timeout });

/** axe-core on the page as it is now: no serious or critical violation. */
async function expectAccessible(target: Page, name: string): Promise<void> {
  await target.evaluate(axeSource);
  const results = (await target.evaluate('axe.run(document, { resultTypes: ["violations"] })')) as {
    violations: Array<{ id: string; impact: string; help: string; nodes: Array<{ target: string[] }> }>;
  };
  const bad = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${name}: ${v.id} (${v.impact}) ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    );
  expect(bad).toEqual([]);
}

/** Screenshots at desktop and phone width, then axe at both. */
async function inspect(target: Page, name: string): Promise<void> {
  for (const [size, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    await target.setViewportSize(viewport);
    await target.screenshot({
      path: join(tmpdir(), `einvoice-dashboard-${name}-${size}.png`),
      fullPage: true,
    });
    await expectAccessible(target, `${name} (${size})`);
  }
  await target.setViewportSize(DESKTOP);
  visited.push(name);
}

async function signIn(context: BrowserContext, email: string, password: string): Promise<Page> {
  const p = await context.newPage();
  await p.goto(`${base}/dashboard/sign-in`);
  await p.getByLabel(/correo electrónico|email/i).fill(email);
  await p.getByLabel(/contraseña|password/i).fill(password);
  await p.getByRole("button", { name: /ingresar|sign in/i }).click();
  await p.waitForURL(/\/dashboard\/test\/documents/);
  return p;
}

/** The CSRF token the page's own forms carry (a viewer has one too: for signing out). */
const csrfOf = (p: Page) => p.locator('input[name="_csrf"]').first().inputValue();

const invoiceBody = (name = "CLIENTE SAC") => ({
  series: "F001",
  customer: { document_type: "6", document_number: "20100070970", name },
  items: [{ description: "Servicio <b>de prueba</b>", quantity: 2, unit_price: "50.00" }],
});

beforeAll(async () => {
  if (!existsSync(CHROMIUM))
    throw new Error(`${CHROMIUM} is missing: install Debian's chromium (npm test does)`);
  axeSource = await readFile(AXE_SOURCE, "utf8");
  sys = await bootTestSystem({
    // Voids batch for a second and a half and SUNAT's ticket is polled often, so the void is seen within the test.
    serviceEnv: {
      submission: { VOID_BATCH_WINDOW_MS: "1500", SUMMARY_POLL_FIRST_MS: "200", SUMMARY_POLL_MAX_MS: "500" },
    },
  });
  base = sys.system.baseUrl;
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  admin = await browser.newContext({ viewport: DESKTOP, locale: "es-PE" });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await sys?.stop();
});

describe("the dashboard", () => {
  it("prints a first admin with a password; refuses a wrong password; sets a strict CSP on its pages", async () => {
    expect(sys.dashboard.email).toBe("admin@example.com");
    expect(sys.dashboard.password.length).toBeGreaterThanOrEqual(20);
    const res = await fetch(`${base}/dashboard/sign-in`);
    expect(res.status).toBe(200);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-inline");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(await res.text()).not.toMatch(/<script>|<script [^>]*>[^<]/);

    const p = await admin.newPage();
    await p.goto(`${base}/dashboard/sign-in`);
    await inspect(p, "sign-in");
    await p.getByLabel("Correo electrónico").fill(sys.dashboard.email);
    await p.getByLabel("Contraseña").fill("not the password");
    await p.getByRole("button", { name: "Ingresar" }).click();
    await hasText(p.getByRole("alert"), "Correo o contraseña incorrectos.");
    await p.close();
  });

  it("signs in with a new HttpOnly, Secure, SameSite session cookie, never one the browser brought", async () => {
    // Session fixation: a token planted before sign-in is neither kept nor honoured.
    const planted = "planted-by-an-attacker-0000000000000000000";
    await admin.addCookies([
      { name: "einvoice_session", value: planted, domain: "127.0.0.1", path: "/dashboard" },
    ]);
    page = await signIn(admin, sys.dashboard.email, sys.dashboard.password);
    const sessionCookies = (await admin.cookies(`${base}/dashboard/`)).filter(
      (c) => c.name === "einvoice_session",
    );
    expect(sessionCookies).toHaveLength(1);
    const cookie = sessionCookies[0]!;
    expect(cookie.value).not.toBe(planted);
    expect(cookie.value.length).toBeGreaterThanOrEqual(43);
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax", path: "/dashboard" });
    const withPlanted = await fetch(`${base}/dashboard/test/documents`, {
      headers: { cookie: `einvoice_session=${planted}` },
      redirect: "manual",
    });
    expect(withPlanted.status).toBe(302);
    expect(withPlanted.headers.get("location")).toBe("/dashboard/sign-in");
    // The page says which mode it reads.
    await hasText(page.locator(".mode-badge"), /Modo de prueba/);
  });

  it("creates an API key whose secret is shown once, with a copy button, and lists it with its name", async () => {
    await page.goto(`${base}/dashboard/test/developers`);
    await page.getByLabel("Clave", { exact: true }).fill("ERP de la tienda");
    await page.getByRole("button", { name: "Crear clave" }).click();
    const secret = (await page.locator("#new-secret").textContent()) ?? "";
    expect(secret).toMatch(/^sk_test_/);
    await visible(page.getByRole("button", { name: "Copiar" }));
    await inspect(page, "developers-new-key");
    // The key works on the API.
    const company = await sys.request("/v1/company", { key: secret });
    expect(company.status).toBe(200);
    // Shown once: the list page never carries it again.
    await page.goto(`${base}/dashboard/test/developers`);
    expect(await page.content()).not.toContain(secret);
    await visible(page.getByText("ERP de la tienda"));
    await inspect(page, "developers");
    (globalThis as Record<string, unknown>).__dashboardKey = secret;
  });

  it("shows an invoice issued through the API without a reload, its hostile customer name as inert text", async () => {
    const key = (globalThis as Record<string, unknown>).__dashboardKey as string;
    await page.goto(`${base}/dashboard/test/documents`);
    await hasText(page.locator(".mode-badge"), /Modo de prueba/);
    // The script marks the table once its event stream is open.
    await page.locator("#documents[data-live=open]").waitFor({ timeout: 30_000 });
    const issued = await sys.request("/v1/invoices", { key, body: invoiceBody(HOSTILE_NAME) });
    expect(issued.status).toBeLessThan(300);
    const id = issued.body.id as string;
    const row = page.locator(`#row-${id}`);
    await visible(row, 30_000);
    await containsText(row, HOSTILE_NAME);
    expect(await page.evaluate("window.__pwned")).toBeUndefined();
    await page.reload();
    await containsText(page.locator(`#row-${id}`), HOSTILE_NAME);
    expect(await page.evaluate("window.__pwned")).toBeUndefined();
    await inspect(page, "documents");

    // Filters and search reach GET /v1/documents' filters.
    await page.getByLabel("Buscar por serie o documento del cliente").fill(`F001-${issued.body.number}`);
    await page.getByRole("button", { name: "Filtrar" }).click();
    await until(async () => expect(await page.locator("#documents tbody tr").count()).toBe(1));
    await page.goto(`${base}/dashboard/test/documents?status=rejected`);
    await until(async () => expect(await page.locator(`#row-${id}`).count()).toBe(0));
    (globalThis as Record<string, unknown>).__dashboardDoc = id;
  });

  it("shows the document with its verdict, events and PDF inline, offers XML and CDR, and voids it", async () => {
    const id = (globalThis as Record<string, unknown>).__dashboardDoc as string;
    await page.goto(`${base}/dashboard/test/documents/${id}`);
    await hasText(page.locator(".customer-name"), HOSTILE_NAME);
    await containsText(page.locator("#h-verdict + p"), /^0 /);
    const frame = page.locator("iframe.pdf");
    expect(await frame.getAttribute("src")).toBe(`/dashboard/test/documents/${id}/files/pdf`);
    const pdf = await page.request.get(`${base}/dashboard/test/documents/${id}/files/pdf`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
    const xml = await page.request.get(`${base}/dashboard/test/documents/${id}/files/xml`);
    expect(xml.headers()["content-disposition"]).toMatch(
      /^attachment; filename="20000000001-01-F001-\d+\.xml"$/,
    );
    await visible(page.getByRole("link", { name: "Descargar CDR" }));
    await containsText(page.locator("ol.timeline li").first(), "document.accepted");
    await inspect(page, "document");

    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByLabel("Motivo de la anulación").fill("Error en el precio");
    await page.getByRole("button", { name: "Anular" }).click();
    await hasText(page.getByRole("status"), "Anulación solicitada.");
    await until(async () => {
      await page.reload();
      expect(await textOf(page.locator(".badge"))).toBe("Anulado");
    }, 60_000);
  });

  it("uploads a certificate file and shows its subject, issuer, serial, validity and the expiry warning", async () => {
    await page.goto(`${base}/dashboard/test/company`);
    await visible(page.getByText("20000000001"));
    const certificate = createTestCertificate({
      ruc: "20000000001",
      legalName: "EMPRESA DE PRUEBA S.A.C.",
      validDays: 20,
    });
    await page.getByLabel("Archivo PFX o P12").setInputFiles({
      name: "empresa.pfx",
      mimeType: "application/x-pkcs12",
      buffer: exportPfx(certificate, "clave del pfx"),
    });
    await until(async () => expect(await page.locator("#pfx-data").inputValue()).not.toBe(""));
    await page.getByLabel("Contraseña del PFX").fill("clave del pfx");
    await page.getByRole("button", { name: "Subir certificado" }).first().click();
    await hasText(page.getByRole("status"), "Guardado.");
    await containsText(page.locator("#certificate"), "EMPRESA DE PRUEBA S.A.C.");
    await containsText(page.getByRole("alert"), /vence en (19|20) días/);
    // Write-only: neither the password nor the key comes back.
    const html = await page.content();
    expect(html).not.toContain("clave del pfx");
    expect(html).not.toContain("PRIVATE KEY");
    await inspect(page, "company");

    // A wrong password is the API's 422 in plain words, on the page.
    await page.getByLabel("Archivo PFX o P12").setInputFiles({
      name: "empresa.pfx",
      mimeType: "application/x-pkcs12",
      buffer: exportPfx(certificate, "clave del pfx"),
    });
    await until(async () => expect(await page.locator("#pfx-data").inputValue()).not.toBe(""));
    await page.getByLabel("Contraseña del PFX").fill("otra clave");
    await page.getByRole("button", { name: "Subir certificado" }).first().click();
    await containsText(page.getByRole("alert").first(), /password/i);
  });

  it("uploads a logo as a multipart form, previews it, refuses other files, and removes it", async () => {
    await page.goto(`${base}/dashboard/test/brand`);
    await visible(page.locator("#no-logo"));
    const logo = testPng(600, 200, { alpha: true });
    await page
      .getByLabel("Archivo PNG o JPEG")
      .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logo });
    await page.getByRole("button", { name: "Subir logo" }).click();
    await containsText(page.getByRole("status"), "Logo guardado");
    // The preview is the stored file itself, served to the session.
    await until(async () =>
      expect(
        await page
          .locator("#logo-preview")
          .evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
      ).toBe(600),
    );
    await containsText(page.locator("dl.facts"), "600 × 200 px");
    const api = await sys.request("/v1/company");
    expect(api.body.logo).toMatchObject({ content_type: "image/png", width: 600, height: 200 });
    await inspect(page, "brand");

    // Not an image: the API's own words, on the page; the logo stays.
    await page.getByLabel("Archivo PNG o JPEG").setInputFiles({
      name: "logo.gif",
      mimeType: "image/gif",
      buffer: Buffer.from("GIF89a\x01\x00\x01\x00"),
    });
    await page.getByRole("button", { name: "Subir logo" }).click();
    await containsText(page.getByRole("alert").first(), /PNG or JPEG/);
    await visible(page.locator("#logo-preview"));

    // A multipart post without the session's token is refused like any other change.
    const forged = await page.request.post(`${base}/dashboard/test/brand/logo`, {
      multipart: { logo: { name: "logo.png", mimeType: "image/png", buffer: logo } },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(403);

    await page.getByRole("button", { name: "Quitar logo" }).click();
    await containsText(page.getByRole("status"), "Logo quitado");
    await visible(page.locator("#no-logo"));
    expect((await sys.request("/v1/company/logo")).status).toBe(404);
  });

  it("registers a webhook endpoint, shows a failed attempt while the receiver is broken, and retries it", async () => {
    // A receiver that answers whatever `status` says now, keeping the bodies it got.
    let status = 500;
    const bodies: string[] = [];
    const receiver = createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => {
        body += c.toString();
      });
      req.on("end", () => {
        bodies.push(body);
        res.writeHead(status).end("receiver says hi");
      });
    });
    receiver.listen(0, "127.0.0.1");
    await new Promise((r) => receiver.once("listening", r));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    try {
      await page.goto(`${base}/dashboard/test/webhooks`);
      await page.getByLabel("URL").fill(url);
      await page.getByLabel("document.accepted").check();
      await page.getByRole("button", { name: "Agregar endpoint" }).click();
      expect(await textOf(page.locator("#new-secret"))).toMatch(/^whsec_/);
      await inspect(page, "webhook-new");
      const endpointPage = page.url().includes("/webhooks/we_")
        ? page.url()
        : `${base}${await page.locator('form[action*="/rotate"]').getAttribute("action")}`.replace(
            /\/rotate$/,
            "",
          );

      const issued = await sys.request("/v1/invoices", { body: invoiceBody("CLIENTE WEBHOOK SAC") });
      expect(issued.status).toBeLessThan(300);
      await until(async () => {
        await page.goto(endpointPage);
        expect(await textOf(page.locator("li.attempt"))).toContain("500");
      }, 60_000);
      expect(await page.content()).not.toMatch(/whsec_/);
      await inspect(page, "webhook-failed");

      status = 200;
      await page
        .getByRole("button", { name: /Reintentar/ })
        .first()
        .click();
      await hasText(page.getByRole("status"), "Entrega reintentada.");
      await until(async () => {
        await page.goto(endpointPage);
        expect(await textOf(page.locator("li.delivery .badge"))).toBe("Entregada");
      }, 30_000);
      expect(bodies.some((b) => b.includes(issued.body.id))).toBe(true);
      await inspect(page, "webhook");
    } finally {
      receiver.closeAllConnections();
      await new Promise((r) => receiver.close(r));
    }
  });

  it("lists the mode's events and tails new ones live", async () => {
    await page.goto(`${base}/dashboard/test/events`);
    await visible(page.locator("#events tbody tr code"));
    await page.locator("#events[data-live=open]").waitFor({ timeout: 30_000 });
    const issued = await sys.request("/v1/invoices", { body: invoiceBody("CLIENTE EVENTOS SAC") });
    expect(issued.status).toBeLessThan(300);
    const link = page.locator(`#events a[href$="/documents/${issued.body.id}"]`);
    await visible(link, 30_000);
    expect(await textOf(link)).toBe(`F001-${issued.body.number}`);
    await inspect(page, "events");
  });

  it("reads live mode on the switch, and every page says so", async () => {
    await page.goto(`${base}/dashboard/test/documents`);
    await page.getByRole("link", { name: "Cambiar a modo real" }).click();
    await page.waitForURL(/\/dashboard\/live\/documents/);
    await hasText(page.locator(".mode-badge"), /Modo real/);
    // The test invoice is not among live documents.
    await visible(page.locator("#documents-empty"));
    await inspect(page, "documents-live");
    await page.goto(`${base}/dashboard/live/company`);
    await hasText(page.locator(".mode-badge"), /Modo real/);
    await visible(page.getByText("No hay certificado en este modo."));
  });

  it("refuses a change without the CSRF token or from another origin", async () => {
    const cookie = (await admin.cookies(`${base}/dashboard/`)).find((c) => c.name === "einvoice_session")!;
    const headers = {
      cookie: `einvoice_session=${cookie.value}`,
      "content-type": "application/x-www-form-urlencoded",
    };
    const noToken = await fetch(`${base}/dashboard/test/developers/keys`, {
      method: "POST",
      headers,
      body: "name=x",
      redirect: "manual",
    });
    expect(noToken.status).toBe(403);
    const csrf = await csrfOf(page);
    const otherOrigin = await fetch(`${base}/dashboard/test/developers/keys`, {
      method: "POST",
      headers: { ...headers, origin: "https://evil.example" },
      body: `_csrf=${encodeURIComponent(csrf)}&name=x`,
      redirect: "manual",
    });
    expect(otherOrigin.status).toBe(403);
    const wrongToken = await fetch(`${base}/dashboard/test/developers/keys`, {
      method: "POST",
      headers,
      body: `_csrf=${encodeURIComponent(`${csrf.slice(0, -2)}xx`)}&name=x`,
      redirect: "manual",
    });
    expect(wrongToken.status).toBe(403);
  });

  it("answers another company's document id as not found", async () => {
    const store = await openAdminStore({ DATA_DIR: sys.system.dataDir, MONGODB_URL: undefined });
    const other = await store.createCompany.execute({
      ruc: "20100070970",
      legal_name: "OTRA EMPRESA S.A.C.",
      address: {
        line: "AV. LIMA 1",
        ubigeo: "150101",
        district: "LIMA",
        province: "LIMA",
        department: "LIMA",
      },
    });
    const key = await store.createApiKey.execute(other._id, false);
    await store.close();
    const theirs = await sys.request("/v1/invoices", {
      key: key.secret,
      body: {
        ...invoiceBody(),
        customer: { document_type: "6", document_number: "20000000001", name: "X SAC" },
      },
    });
    expect(theirs.status).toBeLessThan(300);
    const res = await page.goto(`${base}/dashboard/test/documents/${theirs.body.id}`);
    expect(res?.status()).toBe(404);
    await hasText(page.getByRole("alert"), "No encontrado.");
    const pdf = await page.request.get(`${base}/dashboard/test/documents/${theirs.body.id}/files/pdf`);
    expect(pdf.status()).toBe(404);
  });

  it("invites a viewer by a one-time link; the viewer reads every page and every change is refused", async () => {
    await page.goto(`${base}/dashboard/test/team`);
    await page.getByLabel("Correo").fill("lectora@example.com");
    await page.getByLabel("Rol").selectOption("viewer");
    await page.getByRole("button", { name: "Invitar" }).click();
    const link = (await page.locator("#invite-link").textContent()) ?? "";
    expect(link).toMatch(new RegExp(`^${base}/dashboard/invitations/[A-Za-z0-9_-]{43}$`));
    await inspect(page, "team");

    const viewerContext = await browser.newContext({ viewport: DESKTOP });
    const accept = await viewerContext.newPage();
    await accept.goto(link);
    await inspect(accept, "invitation");
    await accept.getByLabel(/contraseña/i).fill("una clave larga de lectora");
    await accept.getByRole("button", { name: "Crear mi cuenta" }).click();
    await accept.waitForURL(/sign-in/);
    // One use only.
    expect((await fetch(link)).status).toBe(404);

    const viewer = await signIn(viewerContext, "lectora@example.com", "una clave larga de lectora");
    const id = (globalThis as Record<string, unknown>).__dashboardDoc as string;
    for (const path of [
      "documents",
      `documents/${id}`,
      "developers",
      "webhooks",
      "events",
      "company",
      "brand",
      "team",
    ]) {
      await viewer.goto(`${base}/dashboard/test/${path}`);
      await visible(viewer.locator("h1"));
      // No change is offered: the only forms are signing out.
      const actions = await viewer
        .locator("form[method=post]")
        .evaluateAll((forms) => forms.map((f) => f.getAttribute("action")));
      expect(actions.every((a) => a?.startsWith("/dashboard/sign-out"))).toBe(true);
    }
    await inspect(viewer, "team-viewer");
    const csrf = await csrfOf(viewer);
    const keyId = "key_01JZZZZZZZZZZZZZZZZZZZZZZZ";
    const changes = [
      "test/developers/keys",
      `test/developers/keys/${keyId}/revoke`,
      `test/documents/${id}/void`,
      `test/documents/${id}/email`,
      "test/company/certificate",
      "test/company/sol",
      "test/company/gre",
      "test/brand/logo",
      "test/brand/logo/remove",
      "test/team/invitations",
      "test/webhooks",
      "test/webhooks/we_01JZZZZZZZZZZZZZZZZZZZZZZZ",
      "test/webhooks/we_01JZZZZZZZZZZZZZZZZZZZZZZZ/rotate",
      "test/webhooks/we_01JZZZZZZZZZZZZZZZZZZZZZZZ/deliveries/wd_01JZZZZZZZZZZZZZZZZZZZZZZZ/retry",
    ];
    for (const change of changes) {
      const res = await viewer.request.post(`${base}/dashboard/${change}`, {
        form: { _csrf: csrf, name: "x", reason: "x", to: "a@example.com", user: "u", password: "p" },
        maxRedirects: 0,
      });
      expect([change, res.status()]).toEqual([change, 403]);
    }
    await viewerContext.close();
  });

  it("revokes a key: the list says so and the API refuses it", async () => {
    await page.goto(`${base}/dashboard/test/developers`);
    await page.getByLabel("Clave", { exact: true }).fill("temporal");
    await page.getByRole("button", { name: "Crear clave" }).click();
    const secret = await textOf(page.locator("#new-secret"));
    expect((await sys.request("/v1/company", { key: secret })).status).toBe(200);
    await page.goto(`${base}/dashboard/test/developers`);
    const row = page.locator("tr", { hasText: "temporal" });
    page.once("dialog", (dialog) => void dialog.accept());
    await row.getByRole("button", { name: /Revocar/ }).click();
    await hasText(page.locator("tr", { hasText: "temporal" }).locator(".badge"), "Revocada");
    // The gateway trusts a looked-up key for at most a second.
    await until(
      async () => expect((await sys.request("/v1/company", { key: secret })).status).toBe(401),
      5_000,
    );
  });

  it("signs out everywhere: another browser of the same person is signed out too", async () => {
    const second = await browser.newContext({ viewport: DESKTOP });
    const elsewhere = await signIn(second, sys.dashboard.email, sys.dashboard.password);
    await page.goto(`${base}/dashboard/test/documents`);
    await page.getByRole("button", { name: "Cerrar sesión en todos los dispositivos" }).click();
    await page.waitForURL(/sign-in/);
    await elsewhere.goto(`${base}/dashboard/test/documents`);
    await elsewhere.waitForURL(/sign-in/);
    await second.close();
  });

  it("throttles sign-in per account: after 5 failures even the right password waits", async () => {
    // The viewer's account: no failure has been counted against it yet.
    const context = await browser.newContext();
    const p = await context.newPage();
    const attempt = async (password: string) => {
      await p.goto(`${base}/dashboard/sign-in`);
      await p.getByLabel("Correo electrónico").fill("lectora@example.com");
      await p.getByLabel("Contraseña").fill(password);
      const [res] = await Promise.all([
        p.waitForResponse((r) => r.url().endsWith("/dashboard/sign-in") && r.request().method() === "POST"),
        p.getByRole("button", { name: "Ingresar" }).click(),
      ]);
      return res.status();
    };
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push(await attempt(`wrong ${i}`));
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    expect(await attempt("una clave larga de lectora")).toBe(429);
    await containsText(p.getByRole("alert"), "Demasiados intentos");
    await context.close();
  });

  it("switches to English", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const p = await context.newPage();
    await p.goto(`${base}/dashboard/sign-in`);
    await p.getByRole("link", { name: "English" }).click();
    await hasText(p.locator("h1"), "Sign in");
    expect(visited.length).toBeGreaterThanOrEqual(8);
    await context.close();
  });
});
