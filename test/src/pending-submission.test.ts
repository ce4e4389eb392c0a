import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootTestSystem, type TestSystem } from "./harness.js";
import { eventually } from "./support/simulator-control.js";

/**
 * Issue 39: a document SUNAT has not answered says why, in the API and on its dashboard page. Its own system,
 * whose test-mode SUNAT address is a port nobody listens on: every send is refused, as when SUNAT cannot be
 * reached.
 */

const CHROMIUM = "/usr/bin/chromium";
const AXE_SOURCE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/** A port that was free a moment ago and that nothing listens on: connections to it are refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The end of the 3rd calendar day after `issueDate`, in Lima (UTC−5): SUNAT's sending window. */
const windowEnd = (issueDate: string) =>
  new Date(new Date(`${issueDate}T00:00:00.000-05:00`).getTime() + 4 * 86_400_000 - 1).toISOString();

let sys: TestSystem;
let browser: Browser | undefined;

beforeAll(async () => {
  const port = await closedPort();
  sys = await bootTestSystem({
    serviceEnv: {
      submission: {
        SUNAT_TEST_BILL_URL: `http://127.0.0.1:${port}/ol-ti-itcpfegem-beta/billService`,
        SUNAT_TEST_CONSULT_URL: `http://127.0.0.1:${port}/ol-it-wsconscpegem/billConsultService`,
        // A second try soon after the first, then a long wait: the next try is in the future while we look.
        SUBMISSION_RETRY_DELAYS_MS: "300,120000",
        SUBMISSION_POLL_MS: "200",
      },
    },
  });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await sys?.stop();
});

describe("a document SUNAT has not answered", () => {
  let id: string;

  it("shows its sends so far, the last problem in words, the next try and the deadline", async () => {
    const res = await sys.request("/v1/invoices", {
      body: {
        series: "F001",
        customer: { document_type: "6", document_number: "20100070970", name: "Ferretería Los Andes SAC" },
        items: [{ description: "Taladro percutor", quantity: 1, unit_price: "250.00" }],
      },
    });
    expect(res.status).toBe(202);
    id = res.body.id;
    const doc = await eventually(
      () => sys.request(`/v1/documents/${id}`).then((r) => r.body),
      (d) => (d.submission?.attempts ?? 0) >= 2 && d.submission?.next_attempt_at !== null,
      60_000,
    );
    expect(doc.status).toBe("pending");
    expect(doc.status_details).toBeNull();
    expect(doc.submission).toEqual({
      attempts: 2,
      last_problem: { code: "sunat_unreachable", message: "SUNAT could not be reached." },
      next_attempt_at: expect.any(String),
      deadline_at: windowEnd(doc.issue_date),
    });
    // After the second failure the backoff's second delay (2 minutes) applies.
    const wait = Date.parse(doc.submission.next_attempt_at) - Date.now();
    expect(wait).toBeGreaterThan(60_000);
    expect(wait).toBeLessThanOrEqual(120_000);
  });

  it("is shown the same way on its dashboard page, which passes axe at desktop and phone width", async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium`);
    const axeSource = await readFile(AXE_SOURCE, "utf8");
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--no-first-run"],
    });
    const context = await browser.newContext({ viewport: DESKTOP, locale: "es-PE" });
    const page: Page = await context.newPage();
    await page.goto(`${sys.system.baseUrl}/dashboard/sign-in`);
    await page.getByLabel("Correo electrónico").fill(sys.dashboard.email);
    await page.getByLabel("Contraseña").fill(sys.dashboard.password);
    await page.getByRole("button", { name: "Ingresar" }).click();
    await page.waitForURL(/\/dashboard\/test\/documents/);

    await page.goto(`${sys.system.baseUrl}/dashboard/test/documents/${id}`);
    const api = (await sys.request(`/v1/documents/${id}`)).body;
    const terms = await page.locator("#submission dt").allInnerTexts();
    const values = await page.locator("#submission dd").allInnerTexts();
    expect(terms).toEqual(["Envíos hechos", "Último problema", "Próximo intento", "Plazo de envío"]);
    expect(await page.locator("#submission + p").innerText()).toBe(
      "Si SUNAT no da su respuesta antes del plazo, el documento se rechaza y su número queda usado.",
    );
    expect(values.slice(0, 2)).toEqual(["2", "No se pudo conectar con SUNAT."]);
    // Times in Lima, each with its machine-readable instant.
    const times = page.locator("#submission time");
    expect(await times.nth(0).getAttribute("datetime")).toBe(api.submission.next_attempt_at);
    expect(await times.nth(1).getAttribute("datetime")).toBe(api.submission.deadline_at);
    expect(values[3]).toMatch(/11:59\sp\.\sm\.$/);

    for (const [size, viewport] of [
      ["desktop", DESKTOP],
      ["phone", PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.screenshot({
        path: join(tmpdir(), `einvoice-dashboard-pending-${size}.png`),
        fullPage: true,
      });
      await page.evaluate(axeSource);
      const results = (await page.evaluate('axe.run(document, { resultTypes: ["violations"] })')) as {
        violations: Array<{ id: string; impact: string }>;
      };
      const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(bad.map((v) => `${size}: ${v.id}`)).toEqual([]);
    }
  });
});
