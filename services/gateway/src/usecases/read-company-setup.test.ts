import type { MessageInitShape } from "@bufbuild/protobuf";
import { createClient, createRouterTransport } from "@connectrpc/connect";
import { type CertificateSchema, SigningService, SubmissionService } from "@einvoice/proto";
import { describe, expect, it } from "vitest";
import { ReadCompanySetup } from "./read-company-setup.js";

const now = new Date("2026-06-01T00:00:00Z");

function setupWith(options: { expiresAt?: string; solUser?: string }) {
  const certificate: MessageInitShape<typeof CertificateSchema> | undefined = options.expiresAt
    ? { subject: "CN=ACME", expiresAt: options.expiresAt, fingerprintSha256: "AA:BB" }
    : undefined;
  const signing = createClient(
    SigningService,
    createRouterTransport((router) =>
      router.service(SigningService, {
        getSigningStatus: (req) => ({
          hasCertificate: certificate !== undefined || !req.scope?.livemode,
          ...(certificate ? { certificate } : {}),
        }),
        uploadCertificate: () => ({}),
      }),
    ),
  );
  const submission = createClient(
    SubmissionService,
    createRouterTransport((router) =>
      router.service(SubmissionService, {
        getSubmission: () => ({}),
        setSolCredentials: () => ({}),
        getSubmissionSetup: () => ({
          hasSolCredentials: options.solUser !== undefined,
          solUser: options.solUser ?? "",
        }),
      }),
    ),
  );
  return new ReadCompanySetup(signing, submission, () => now);
}

const live = { companyId: "cmp_1", livemode: true };

describe("ReadCompanySetup", () => {
  it("should name both the certificate and the SOL user when live mode has neither", async () => {
    const setup = await setupWith({}).execute(live);
    expect(setup).toMatchObject({ certificate: undefined, solUser: null });
    expect(setup.missing).toHaveLength(2);
    expect(setup.missing[0]).toContain("certificate");
    expect(setup.missing[1]).toContain("SOL user");
  });

  it("should be ready in live mode with a valid certificate and a SOL user", async () => {
    const setup = await setupWith({ expiresAt: "2027-01-01T00:00:00.000Z", solUser: "EMPRESA01" }).execute(
      live,
    );
    expect(setup).toMatchObject({ solUser: "EMPRESA01", missing: [] });
    expect(setup.certificate?.fingerprintSha256).toBe("AA:BB");
  });

  it("should treat an expired certificate as missing", async () => {
    const setup = await setupWith({ expiresAt: "2026-05-31T00:00:00.000Z", solUser: "EMPRESA01" }).execute(
      live,
    );
    expect(setup.missing).toEqual([expect.stringContaining("expired on 2026-05-31")]);
  });

  it("should never hold test mode back", async () => {
    const setup = await setupWith({}).execute({ ...live, livemode: false });
    expect(setup).toMatchObject({ solUser: null, missing: [] });
  });
});
