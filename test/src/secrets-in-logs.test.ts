/**
 * Secrets never reach a log: a full flow handling every kind of secret (a PFX and its password, a wrong password,
 * a PEM pair, SOL credentials, API keys, webhook secrets before and after rotation), with failures on purpose so
 * error paths log too, every service at LOG_LEVEL=debug; then every line of every service's log (stdout and
 * stderr, as the launcher captures them) is searched for each secret and for fragments of the key material.
 * The master key rotation (`npm run admin -- master-key rotate`) then re-seals what the flow stored under new
 * keys, and its output is searched too.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { REPO_ROOT } from "@einvoice/launcher";
import { createTestCertificate, exportPfx } from "@einvoice/ubl";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootTestSystem, type TestSystem } from "./harness.js";
import { RUC_CUSTOMER } from "./support/requests.js";
import { arrangeScenario, eventually } from "./support/simulator-control.js";
import { startReceiver } from "./support/webhook-receiver.js";

const invoice = (series: string) => ({
  series,
  customer: RUC_CUSTOMER,
  items: [{ description: "Servicio", quantity: 1, unit_price: "100.00" }],
});

/** Every 24-character slice of `text` at 12-character steps: a log holding any sizeable piece of it is caught. */
const fragments = (text: string, size = 24) => {
  const clean = text.replace(/-----[^-]+-----|\s/g, "");
  const out: string[] = [];
  for (let i = 0; i + size <= clean.length; i += size / 2) out.push(clean.slice(i, i + size));
  return out;
};

describe("secrets never logged", () => {
  let sys: TestSystem;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const secrets = new Map<string, string>();

  beforeAll(async () => {
    receiver = await startReceiver(500);
    sys = await bootTestSystem({
      logLevel: "debug",
      serviceEnv: (ports) => ({
        submission: {
          SUNAT_LIVE_BILL_URL: `http://127.0.0.1:${ports.simulator}/ol-ti-itcpfegem/billService`,
          SUNAT_LIVE_CONSULT_URL: `http://127.0.0.1:${ports.simulator}/ol-it-wsconscpegem/billConsultService`,
          SUNAT_LIVE_SIMULATED: "true",
          SUBMISSION_RETRY_DELAYS_MS: "300,600,1000",
          SUBMISSION_POLL_MS: "200",
        },
        notification: { SMTP_URL: "smtp://127.0.0.1:9", EMAIL_RETRY_DELAYS_MS: "100,100" },
      }),
    });
  });

  afterAll(async () => {
    await sys?.stop();
    await receiver?.close();
  });

  it("should run a full flow without writing any secret to any log", async () => {
    const live = (path: string, init: { method?: string; body?: unknown } = {}) =>
      sys.request(path, { ...init, key: sys.liveKey });
    const pfxPassword = "Pfx-Clave-9f3a71c2";
    const wrongPassword = "Equivocada-77d0e5b1";
    const solPassword = "Sol-Clave-4be2a9d6";
    const first = createTestCertificate({ ruc: "20000000001", legalName: "EMPRESA DE PRUEBA S.A.C." });
    const second = createTestCertificate({ ruc: "20000000001", legalName: "EMPRESA RENOVADA S.A.C." });
    const pfx = exportPfx(first, pfxPassword).toString("base64");

    // Certificates: a wrong password, a mismatched pair, then a good PFX, then a good PEM pair.
    expect(
      (await live("/v1/company/certificate", { method: "PUT", body: { pfx, password: wrongPassword } }))
        .status,
    ).toBe(422);
    const mismatch = { certificate: first.certificatePem, private_key: second.privateKeyPem };
    expect((await live("/v1/company/certificate", { method: "PUT", body: mismatch })).status).toBe(422);
    expect(
      (await live("/v1/company/certificate", { method: "PUT", body: { pfx, password: pfxPassword } })).status,
    ).toBe(200);
    // SOL credentials in both modes (a bad one first), then a live document signed and submitted with them.
    expect(
      (
        await live("/v1/company/sol_credentials", {
          method: "PUT",
          body: { user: "MAL USER", password: solPassword },
        })
      ).status,
    ).toBe(422);
    for (const key of [sys.liveKey, sys.testKey]) {
      const res = await sys.request("/v1/company/sol_credentials", {
        key,
        method: "PUT",
        body: { user: "MODDATOS", password: solPassword },
      });
      expect(res.status).toBe(200);
    }
    const liveDoc = await sys.request("/v1/invoices", {
      key: sys.liveKey,
      body: invoice("F001"),
      headers: { prefer: "wait=30" },
    });
    expect(liveDoc.body.status).toBe("accepted");

    // Webhooks: an endpoint that answers 500 (failed attempts), its secret rotated.
    const endpoint = await sys.request("/v1/webhook_endpoints", { body: { url: receiver.url } });
    expect(endpoint.status).toBe(201);
    const rotated = await sys.request(`/v1/webhook_endpoints/${endpoint.body.id}/rotate_secret`, {
      body: {},
    });
    expect(rotated.status).toBe(200);

    // A test document through a flaky SUNAT (submission logs its retries), then emailed to a dead SMTP server.
    await arrangeScenario(sys, { series: "F002", operation: "sendBill" }, { http_5xx_rate: 1 }, 2);
    const testDoc = await sys.request("/v1/invoices", {
      body: invoice("F002"),
      headers: { prefer: "wait=30" },
    });
    expect(testDoc.status).toBeLessThan(300);
    await sys.request(`/v1/documents/${testDoc.body.id}/email`, { body: { to: ["compras@cliente.com.pe"] } });
    await eventually(
      async () => receiver.received.length,
      (n) => n >= 1,
      30_000,
    );
    // Failed authentications with key-shaped secrets of their own.
    const bogusKey = `sk_test_${"Zq".repeat(16)}`;
    expect((await sys.request("/v1/company", { key: bogusKey })).status).toBe(401);

    const dataDir = sys.system.dataDir;
    const keyFile = async (name: string) => (await readFile(join(dataDir, name), "utf8")).trim();
    secrets.set("PFX password", pfxPassword);
    secrets.set("wrong PFX password", wrongPassword);
    secrets.set("SOL password", solPassword);
    secrets.set("test API key", sys.testKey);
    secrets.set("live API key", sys.liveKey);
    secrets.set("unknown API key", bogusKey);
    secrets.set("webhook secret", endpoint.body.secret);
    secrets.set("rotated webhook secret", rotated.body.secret);
    secrets.set("API key pepper", await keyFile("api-key-pepper.key"));
    secrets.set("file link secret", await keyFile("file-link-secret.key"));
    secrets.set("signing master key", await keyFile("signing-master.key"));
    secrets.set("submission master key", await keyFile("submission-master.key"));
    secrets.set("webhook secrets key", await keyFile("webhook-secrets.key"));
    for (const [i, piece] of fragments(first.privateKeyPem).entries())
      secrets.set(`private key fragment ${i}`, piece);
    for (const [i, piece] of fragments(second.privateKeyPem).entries())
      secrets.set(`second private key fragment ${i}`, piece);
    for (const [i, piece] of fragments(pfx).entries()) secrets.set(`PFX fragment ${i}`, piece);
    // The secret part of each key and whsec_ secret without its prefix, in case a log prints only that.
    for (const name of ["test API key", "live API key", "webhook secret", "rotated webhook secret"])
      secrets.set(`${name} (bare)`, secrets.get(name)!.replace(/^(sk_(test|live)_|whsec_)/, ""));

    // Stop first, so every process flushed its log.
    await sys.system.stop();

    // Rotate the three sealing keys over what the flow stored: the real CLI on the services' own stores.
    const rotationEnv: Record<string, string> = { DATA_DIR: dataDir };
    for (const [current, previous, name] of [
      ["SIGNING_MASTER_KEY", "SIGNING_MASTER_KEYS_PREVIOUS", "signing master key"],
      ["SUBMISSION_MASTER_KEY", "SUBMISSION_MASTER_KEYS_PREVIOUS", "submission master key"],
      ["WEBHOOK_SECRETS_KEY", "WEBHOOK_SECRETS_KEYS_PREVIOUS", "webhook secrets key"],
    ] as const) {
      rotationEnv[current] = randomBytes(32).toString("base64");
      rotationEnv[previous] = secrets.get(name)!;
      secrets.set(`new ${name}`, rotationEnv[current]);
    }
    // The same environment the services got (the launcher passes process.env on), with the keys of the rotation.
    const rotation = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "scripts/admin.ts", "master-key", "rotate"],
      { cwd: REPO_ROOT, env: { ...process.env, ...rotationEnv } },
    );
    for (const label of ["certificate private keys", "SOL passwords", "webhook signing secrets"])
      expect(rotation.stdout).toMatch(
        new RegExp(`${label} \\([a-z_.]+\\): [1-9]\\d* re-sealed, 0 already current`),
      );
    expect(rotation.stdout).toContain("SIGNING_MASTER_KEYS_PREVIOUS can now be emptied");

    const logDir = join(dataDir, "logs");
    const files = await readdir(logDir);
    expect(files).toEqual(
      expect.arrayContaining(["gateway.log", "signing.log", "submission.log", "notification.log"]),
    );
    let lines = 0;
    const found: string[] = [];
    const outputs = new Map(
      await Promise.all(files.map(async (f) => [f, await readFile(join(logDir, f), "utf8")] as const)),
    );
    outputs.set("master-key rotate output", `${rotation.stdout}\n${rotation.stderr}`);
    for (const [file, text] of outputs) {
      for (const [n, line] of text.split("\n").entries()) {
        lines += 1;
        for (const [name, secret] of secrets)
          if (line.includes(secret)) found.push(`${file}:${n + 1} holds the ${name}`);
      }
    }
    // The search looked at real logs: the services' start lines, and the warnings of the failing SUNAT calls.
    const all = (await Promise.all(files.map((f) => readFile(join(logDir, f), "utf8")))).join("\n");
    expect(all).toContain("gateway ready");
    expect(all).toMatch(/"service":"submission"[^\n]*"level":40|"level":40[^\n]*"service":"submission"/);
    console.info(
      `secrets: ${secrets.size} secrets and fragments searched in ${lines} log lines of ${files.length} files`,
    );
    expect(lines).toBeGreaterThan(10);
    expect(found).toEqual([]);
  }, 180_000);
});
