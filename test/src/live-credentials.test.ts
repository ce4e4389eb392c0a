/**
 * Issue 4, live credentials: live mode refuses to issue (409 `company_not_configured`, before numbering) until
 * the company uploaded its certificate and set its SOL user; once both are in, live documents are numbered from
 * 1 and signed with the uploaded certificate. Also the admin CLI's `certificate upload` and `sol set`.
 *
 * The live billService is SUNAT production, unreachable offline and never to be hit by tests: submission's live
 * endpoints point at the simulator (`SUNAT_LIVE_SIMULATED`), which checks the signature and the SOAP user's RUC.
 */
import { execFile } from "node:child_process";
import { X509Certificate } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createTestCertificate, exportPfx, type SigningCredentials } from "@einvoice/ubl";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootTestSystem, type TestSystem } from "./harness.js";

const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));
const CLOSED_PORT_URL = "http://127.0.0.1:9";

const invoice = {
  series: "F001",
  customer: { document_type: "6", document_number: "20100070970", name: "CLIENTE SAC" },
  items: [{ description: "Widget", quantity: 1, unit_price: "100.00" }],
};
const receipt = { series: "B001", items: [{ description: "Café", quantity: 1, unit_price: "8.50" }] };

const der64 = (c: SigningCredentials) => new X509Certificate(c.certificatePem).raw.toString("base64");
const fingerprint = (c: SigningCredentials) => new X509Certificate(c.certificatePem).fingerprint256;

async function eventually<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Runs `npm run admin -- …` the way an operator would, against the booted system's RPC ports. */
function admin(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "scripts/admin.ts", ...args],
      { cwd: REPO_ROOT, env: { ...process.env, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

describe("live credentials", () => {
  let sys: TestSystem;
  let tmp: string;
  let live: (path: string, init?: { method?: string; body?: unknown }) => ReturnType<TestSystem["request"]>;
  let first: SigningCredentials;
  let second: SigningCredentials;

  beforeAll(async () => {
    // Production SUNAT is unreachable offline: live mode talks to the simulator here, flagged as simulated.
    sys = await bootTestSystem({
      serviceEnv: (ports) => ({
        submission: {
          SUNAT_LIVE_BILL_URL: `http://127.0.0.1:${ports.simulator}/ol-ti-itcpfegem/billService`,
          SUNAT_LIVE_CONSULT_URL: `http://127.0.0.1:${ports.simulator}/ol-it-wsconscpegem/billConsultService`,
          SUNAT_LIVE_SIMULATED: "true",
        },
      }),
    });
    live = (path, init = {}) => sys.request(path, { ...init, key: sys.liveKey });
    tmp = await mkdtemp(join(tmpdir(), "live-credentials-"));
    first = createTestCertificate({ ruc: "20000000001", legalName: "EMPRESA DE PRUEBA S.A.C." });
    second = createTestCertificate({ ruc: "20000000001", legalName: "EMPRESA DE PRUEBA RENOVADA S.A.C." });
  });

  afterAll(async () => {
    await sys?.stop();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  it("should refuse live documents naming both the certificate and the SOL user", async () => {
    for (const [path, body] of [
      ["/v1/invoices", invoice],
      ["/v1/receipts", receipt],
    ] as const) {
      const res = await live(path, { body });
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ type: "conflict_error", code: "company_not_configured" });
      expect(res.body.error.message).toMatch(/certificate/);
      expect(res.body.error.message).toMatch(/SOL user/);
    }
    const company = await live("/v1/company");
    expect(company.status).toBe(200);
    expect(company.body).toMatchObject({ livemode: true, certificate: null, sol_user: null, ready: false });
  });

  it("should never hold test mode back", async () => {
    const company = await sys.request("/v1/company");
    expect(company.body).toMatchObject({ livemode: false, sol_user: null, ready: true });
  });

  it("should answer 422 naming the field for a bad upload, and store nothing", async () => {
    const wrong = await live("/v1/company/certificate", {
      method: "PUT",
      body: { pfx: exportPfx(first, "correcta").toString("base64"), password: "incorrecta" },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error).toMatchObject({ param: "password", code: "wrong_password" });

    const mismatched = await live("/v1/company/certificate", {
      method: "PUT",
      body: { certificate: first.certificatePem, private_key: second.privateKeyPem },
    });
    expect(mismatched.status).toBe(422);
    expect(mismatched.body.error).toMatchObject({ param: "private_key", code: "key_certificate_mismatch" });

    const shape = await live("/v1/company/certificate", { method: "PUT", body: { pfx: "AAAA" } });
    expect(shape.status).toBe(422);
    expect(shape.body.error).toMatchObject({ param: "password", code: "parameter_missing" });

    expect((await live("/v1/company")).body.certificate).toBeNull();
  });

  it("should store a PFX for the key's mode and still refuse live documents without the SOL user", async () => {
    const res = await live("/v1/company/certificate", {
      method: "PUT",
      body: { pfx: exportPfx(first, "correcta").toString("base64"), password: "correcta" },
    });
    expect(res.status).toBe(200);
    const x509 = new X509Certificate(first.certificatePem);
    expect(res.body).toMatchObject({
      object: "certificate",
      livemode: true,
      serial_number: x509.serialNumber,
      fingerprint_sha256: x509.fingerprint256,
      not_before: new Date(x509.validFrom).toISOString(),
      expires_at: new Date(x509.validTo).toISOString(),
    });
    expect(res.body.subject).toContain("EMPRESA DE PRUEBA S.A.C.");
    expect(JSON.stringify(res.body)).not.toMatch(/PRIVATE KEY|correcta/);

    const refused = await live("/v1/invoices", { body: invoice });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("company_not_configured");
    expect(refused.body.error.message).toMatch(/SOL user/);
    expect(refused.body.error.message).not.toMatch(/company\/certificate/);
  });

  it("should store the SOL user, never echo the password, and then be ready", async () => {
    const bad = await live("/v1/company/sol_credentials", {
      method: "PUT",
      body: { user: "NO VALIDO", password: "x" },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.param).toBe("user");

    const res = await live("/v1/company/sol_credentials", {
      method: "PUT",
      body: { user: "EMPRESA01", password: "clave-sol-secreta" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ object: "sol_credentials", livemode: true, user: "EMPRESA01" });

    const company = await live("/v1/company");
    expect(company.body).toMatchObject({ livemode: true, sol_user: "EMPRESA01", ready: true });
    expect(company.body.certificate).toMatchObject({
      object: "certificate",
      fingerprint_sha256: fingerprint(first),
    });
    expect(JSON.stringify(company.body)).not.toContain("clave-sol-secreta");

    // Scoped to the mode: the test key sees neither.
    const test = await sys.request("/v1/company");
    expect(test.body.sol_user).toBeNull();
    expect(test.body.certificate?.fingerprint_sha256).not.toBe(fingerprint(first));
  });

  /** Creates a live invoice and returns it once signing has recorded its hash, with its signed XML. */
  async function issueLiveInvoice() {
    const created = await live("/v1/invoices", { body: invoice });
    expect([201, 202]).toContain(created.status);
    const signed = await eventually(
      () => live(`/v1/documents/${created.body.id}`),
      (r) => r.body.hash !== null && r.body.links?.xml,
    );
    expect(signed.body.hash).toBeTruthy();
    const xml = await fetch(signed.body.links.xml, { headers: { authorization: `Bearer ${sys.liveKey}` } });
    expect(xml.status).toBe(200);
    const text = await xml.text();
    const embedded = /<ds:X509Certificate>([^<]+)<\/ds:X509Certificate>/.exec(text)?.[1]?.replace(/\s+/g, "");
    return { created, signed, embedded };
  }

  it("should number the first live invoice 1, sign it with the uploaded certificate and submit it with the company's SOL user", async () => {
    const { created, embedded } = await issueLiveInvoice();
    expect(created.body).toMatchObject({ object: "document", livemode: true, series: "F001", number: 1 });
    expect(embedded).toBe(der64(first));
    // The simulator verifies the signature with the embedded certificate and the RUC of the SOAP username.
    const final = await eventually(
      () => live(`/v1/documents/${created.body.id}`),
      (r) => r.body.status !== "pending",
    );
    expect(final.body).toMatchObject({ status: "accepted", sunat: { code: "0", simulated: true } });
  });

  it("should sign with a replacing certificate right away", async () => {
    const res = await live("/v1/company/certificate", {
      method: "PUT",
      body: { certificate: second.certificatePem, private_key: second.privateKeyPem },
    });
    expect(res.status).toBe(200);
    expect(res.body.fingerprint_sha256).toBe(fingerprint(second));
    const { created, embedded } = await issueLiveInvoice();
    expect(created.body.number).toBe(2);
    expect(embedded).toBe(der64(second));
  });

  describe("admin CLI", () => {
    const env = () => ({
      SIGNING_URL: `http://127.0.0.1:${sys.system.ports.signingRpc}`,
      SUBMISSION_URL: `http://127.0.0.1:${sys.system.ports.submissionRpc}`,
    });

    it("should upload a test-mode certificate from a PFX, replacing the generated one", async () => {
      const pfx = join(tmp, "empresa.pfx");
      await writeFile(pfx, exportPfx(first, "clave cli"));
      const args = ["certificate", "upload", "--company", sys.companyId, "--mode", "test", "--pfx", pfx];

      const wrong = await admin([...args, "--password", "otra"], env());
      expect(wrong.code).toBe(1);
      expect(wrong.stderr).toMatch(/password: .*\(wrong_password\)/);

      const ok = await admin([...args, "--password", "clave cli"], env());
      expect(ok.stderr).toBe("");
      expect(ok.code).toBe(0);
      expect(ok.stdout).toContain(fingerprint(first));
      const company = await sys.request("/v1/company");
      expect(company.body.certificate).toMatchObject({
        livemode: false,
        fingerprint_sha256: fingerprint(first),
      });
    });

    it("should upload a PEM pair", async () => {
      const cert = join(tmp, "cert.pem");
      const key = join(tmp, "key.pem");
      await writeFile(cert, second.certificatePem);
      await writeFile(key, second.privateKeyPem);
      const ok = await admin(
        ["certificate", "upload", "--company", sys.companyId, "--mode", "test", "--cert", cert, "--key", key],
        env(),
      );
      expect(ok.code).toBe(0);
      expect((await sys.request("/v1/company")).body.certificate.fingerprint_sha256).toBe(
        fingerprint(second),
      );
    });

    it("should set the SOL user", async () => {
      const base = ["sol", "set", "--company", sys.companyId, "--mode", "test", "--user"];
      const bad = await admin([...base, "MOD DATOS", "--password", "moddatos"], env());
      expect(bad.code).toBe(1);
      expect(bad.stderr).toMatch(/user: /);

      const ok = await admin([...base, "MODDATOS", "--password", "moddatos"], env());
      expect(ok.code).toBe(0);
      expect(ok.stdout).toContain("MODDATOS");
      expect(ok.stdout).not.toContain("moddatos");
      expect((await sys.request("/v1/company")).body).toMatchObject({ sol_user: "MODDATOS", ready: true });
    });

    it("should set the GRE API client, never printing its secret", async () => {
      const base = ["gre", "set", "--company", sys.companyId, "--mode", "live", "--client-id"];
      const bad = await admin([...base, "no spaces allowed", "--client-secret", "gre-secreto"], env());
      expect(bad.code).toBe(1);
      expect(bad.stderr).toMatch(/client_id: .*\(parameter_invalid\)/);
      const missing = await admin(base.slice(0, -1), env());
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain("--client-id and --client-secret are required");

      const clientId = "3f2b8c1e-5a6d-4e7f-8a9b-0c1d2e3f4a5b";
      const ok = await admin([...base, clientId, "--client-secret", "gre-secreto"], env());
      expect(ok.stderr).toBe("");
      expect(ok.code).toBe(0);
      expect(ok.stdout).toContain(clientId);
      expect(ok.stdout).not.toContain("gre-secreto");
      const company = await live("/v1/company");
      expect(company.body.gre_client_id).toBe(clientId);
      expect(JSON.stringify(company.body)).not.toContain("gre-secreto");
      // The other mode is untouched.
      expect((await sys.request("/v1/company")).body.gre_client_id).not.toBe(clientId);
    });

    it("should say clearly when the service is not running", async () => {
      const down = await admin(
        ["sol", "set", "--company", sys.companyId, "--mode", "live", "--user", "X", "--password", "y"],
        { ...env(), SUBMISSION_URL: CLOSED_PORT_URL },
      );
      expect(down.code).toBe(1);
      expect(down.stderr).toContain(`cannot reach the submission service at ${CLOSED_PORT_URL}`);
      expect((await live("/v1/company")).body.sol_user).toBe("EMPRESA01");
    });
  });
});
