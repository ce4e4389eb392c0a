import { randomBytes, X509Certificate } from "node:crypto";
import { createClient, createRouterTransport } from "@connectrpc/connect";
import { Code, ConnectError, readViolations } from "@einvoice/platform";
import { SigningService } from "@einvoice/proto";
import { openStore, type Store } from "@einvoice/store";
import { createTestCertificate, exportPfx, LeanSigner, type SigningCredentials } from "@einvoice/ubl";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { credentialsCollection } from "../adapters/credential-repository.js";
import { CredentialVault } from "../usecases/credential-vault.js";
import { SignSummary } from "../usecases/sign-summary.js";
import { UploadCertificate } from "../usecases/upload-certificate.js";
import { signingRoutes } from "./signing-routes.js";

const masterKey = randomBytes(32);
const live = { companyId: "cmp_1", livemode: true };
let store: Store;
let client: ReturnType<typeof createClient<typeof SigningService>>;
let credentials: SigningCredentials;

beforeAll(() => {
  credentials = createTestCertificate({ ruc: "20123456786", legalName: "COMERCIAL ANDINA S.A.C." });
});

beforeEach(async () => {
  store = await openStore({ engine: "sqlite", file: ":memory:" });
  await store.ensure([credentialsCollection]);
  const vault = new CredentialVault(store, masterKey);
  const routes = signingRoutes(
    vault,
    new UploadCertificate(store, masterKey),
    new SignSummary(vault, new LeanSigner()),
  );
  client = createClient(SigningService, createRouterTransport(routes));
});

afterEach(async () => {
  await store.close();
});

describe("SigningService", () => {
  it("should report no live certificate, then the uploaded one", async () => {
    const none = await client.getSigningStatus({ scope: live });
    expect(none.hasCertificate).toBe(false);
    expect(none.certificate).toBeUndefined();
    // Test mode can always sign: its certificate is made on first use.
    expect((await client.getSigningStatus({ scope: { ...live, livemode: false } })).hasCertificate).toBe(
      true,
    );

    const pfx = exportPfx(credentials, "clave");
    const uploaded = await client.uploadCertificate({
      scope: live,
      credentials: { case: "pkcs12", value: { pfx, password: "clave" } },
    });
    const x509 = new X509Certificate(credentials.certificatePem);
    expect(uploaded.certificate).toMatchObject({
      fingerprintSha256: x509.fingerprint256,
      serialNumber: x509.serialNumber,
      source: "uploaded",
    });

    const status = await client.getSigningStatus({ scope: live });
    expect(status).toMatchObject({
      hasCertificate: true,
      certificateExpiresAt: uploaded.certificate?.expiresAt,
    });
    expect(status.certificate?.fingerprintSha256).toBe(x509.fingerprint256);
  });

  it("should accept a PEM pair", async () => {
    const res = await client.uploadCertificate({
      scope: live,
      credentials: {
        case: "pem",
        value: { certificatePem: credentials.certificatePem, privateKeyPem: credentials.privateKeyPem },
      },
    });
    expect(res.certificate?.subject).toContain("COMERCIAL ANDINA S.A.C.");
  });

  it("should fail with INVALID_ARGUMENT naming the field", async () => {
    const error = await client
      .uploadCertificate({
        scope: live,
        credentials: { case: "pkcs12", value: { pfx: exportPfx(credentials, "a"), password: "b" } },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectError);
    expect((error as ConnectError).code).toBe(Code.InvalidArgument);
    expect(readViolations(error as ConnectError)).toEqual([
      expect.objectContaining({ param: "password", code: "wrong_password" }),
    ]);

    const empty = await client.uploadCertificate({ scope: live }).catch((e: unknown) => e);
    expect(readViolations(empty as ConnectError)).toEqual([
      expect.objectContaining({ param: "pfx", code: "parameter_missing" }),
    ]);
    const unscoped = await client.getSigningStatus({}).catch((e: unknown) => e);
    expect((unscoped as ConnectError).code).toBe(Code.InvalidArgument);
  });
});

describe("SigningService.SignSummary", () => {
  const request = (kind: string) => ({
    scope: { companyId: "cmp_1", livemode: false },
    kind,
    ruc: "20123456786",
    legalName: "COMERCIAL ANDINA S.A.C.",
    number: 2,
    issueDate: "2026-11-25",
    referenceDate: "2026-11-24",
    lines: [
      {
        type: kind === "RA" ? "01" : "03",
        series: kind === "RA" ? "F001" : "B001",
        number: 7,
        reason: "Error en el RUC",
        currency: "PEN",
        customerDocumentType: "1",
        customerDocumentNumber: "12345678",
        total: "118.00",
        payments: [{ code: "01", amount: "100.00" }],
        taxes: [{ code: "1000", amount: "18.00" }],
      },
    ],
  });

  it.each([
    ["RA", "20123456786-RA-20261125-2", "<VoidedDocuments"],
    ["RC", "20123456786-RC-20261125-2", "<SummaryDocuments"],
  ])("builds and signs an %s, the same bytes twice", async (kind, fileName, root) => {
    const first = await client.signSummary(request(kind));
    expect(first.fileName).toBe(fileName);
    expect(first.xml).toContain(root);
    expect(first.xml).toContain("<ds:SignatureValue>");
    expect((await client.signSummary(request(kind))).xml).toBe(first.xml);
  });

  it("refuses a value it cannot print, naming it, and live mode without a certificate", async () => {
    const bad = { ...request("RA"), number: 0 };
    const error = await client.signSummary(bad).catch((e: unknown) => ConnectError.from(e));
    expect(error).toBeInstanceOf(ConnectError);
    expect(readViolations(error as ConnectError)[0]?.param).toBe("number");
    const live = await client
      .signSummary({ ...request("RA"), scope: { companyId: "cmp_9", livemode: true } })
      .catch((e: unknown) => ConnectError.from(e));
    expect((live as ConnectError).code).toBe(Code.FailedPrecondition);
  });
});
