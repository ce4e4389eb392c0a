import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "../../test-support/test-gateway.js";
import { buildOpenApiDocument } from "../openapi/openapi-document.js";
import { HTTP_METHODS } from "../openapi/openapi-types.js";

/**
 * `GET /docs` in a real browser: Debian's Chromium (installed by `npm test`'s bootstrap, never by this test)
 * driven by playwright-core, against the gateway app alone on a free port. The page must list every operation,
 * render an example, and load nothing from outside the gateway (it works offline).
 */

const CHROMIUM = "/usr/bin/chromium";
const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
/** Where the screenshot of the rendered page is left for a person to look at. */
const SCREENSHOT = join(tmpdir(), "einvoice-docs.png");

const doc = buildOpenApiDocument();
const summaries = Object.values(doc.paths).flatMap((item) =>
  HTTP_METHODS.flatMap((method) => (item[method] ? [item[method].summary] : [])),
);

let gateway: TestGateway;
let profile: string;
let browser: BrowserContext;

beforeAll(async () => {
  if (!existsSync(CHROMIUM))
    throw new Error(`${CHROMIUM} is missing: install Debian's chromium (npm test does)`);
  gateway = await startTestGateway();
  profile = mkdtempSync(join(tmpdir(), "chromium-profile-"));
  browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport: { width: 1400, height: 1000 },
  });
}, 30_000);

afterAll(async () => {
  await browser?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
  await gateway?.stop();
});

describe("GET /docs", () => {
  it("serves the page and its Redoc bundle without a key", async () => {
    const page = await fetch(`${gateway.baseUrl}/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain('spec-url="/v1/openapi.json"');
    expect(html).not.toMatch(/https?:\/\//);
    const bundle = await fetch(`${gateway.baseUrl}/docs/redoc.standalone.js`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get("content-type")).toMatch(/javascript/);
    expect((await bundle.arrayBuffer()).byteLength).toBeGreaterThan(500_000);
  });

  it("renders every operation and an example in Chromium, loading nothing from elsewhere", async () => {
    const page = browser.pages()[0] ?? (await browser.newPage());
    const outside: string[] = [];
    const failures: string[] = [];
    page.on("request", (request) => {
      const url = request.url();
      if (!url.startsWith(gateway.baseUrl) && !/^(data|blob):/.test(url)) outside.push(url);
    });
    page.on("pageerror", (error) => failures.push(error.message));
    page.on("response", (response) => {
      if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
    });
    page.on("console", (message) => {
      if (message.type() === "error") failures.push(message.text());
    });

    await page.goto(`${gateway.baseUrl}/docs`);
    await page
      .getByRole("heading", { name: /einvoice API/ })
      .first()
      // Redoc lays out the whole document (about 0.7 MB) before the heading shows; a loaded machine needs time.
      .waitFor({ timeout: 30_000 });
    const menu = await page.locator("[role=menuitem]").allInnerTexts();
    for (const summary of summaries) expect(menu.join("\n"), summary).toContain(summary);

    // The first operation (issue an invoice) shows its request example and its 201 answer.
    await page.locator("[role=menuitem]", { hasText: summaries[0]! }).first().click();
    const samples = page.getByText("CLIENTE EJEMPLO SAC").first();
    await samples.waitFor({ timeout: 10_000 });
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what a reader sees.
    const text = await page.locator("body").innerText();
    expect(text).toContain('"unit_price": "100.00"');
    expect(text).toContain("422: invoice and receipt rules");

    await page.screenshot({ path: SCREENSHOT });
    expect(statSync(SCREENSHOT).size).toBeGreaterThan(20_000);
    expect(outside).toEqual([]);
    expect(failures).toEqual([]);
  }, 60_000);
});
