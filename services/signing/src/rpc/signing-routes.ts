import type { ConnectRouter } from "@connectrpc/connect";
import { requireScope, SHAPE_ERRORS, violationsError } from "@einvoice/platform";
import { SigningService, type UploadCertificateRequest } from "@einvoice/proto";
import { type CertificateDetails, describeCertificate } from "../domain/certificate-details.js";
import type { CredentialVault } from "../usecases/credential-vault.js";
import type { SignSummary } from "../usecases/sign-summary.js";
import type { CertificateUpload, UploadCertificate } from "../usecases/upload-certificate.js";

function uploadOf(req: UploadCertificateRequest): CertificateUpload {
  switch (req.credentials.case) {
    case "pkcs12":
      return { form: "pkcs12", pfx: req.credentials.value.pfx, password: req.credentials.value.password };
    case "pem":
      return {
        form: "pem",
        certificatePem: req.credentials.value.certificatePem,
        privateKeyPem: req.credentials.value.privateKeyPem,
      };
    default:
      throw violationsError([
        {
          param: "pfx",
          code: SHAPE_ERRORS.parameter_missing.code,
          message: "Send pfx and password, or certificate and private_key.",
        },
      ]);
  }
}

export function signingRoutes(
  vault: CredentialVault,
  uploadCertificate: UploadCertificate,
  signSummary: SignSummary,
) {
  return (router: ConnectRouter) =>
    router.service(SigningService, {
      async getSigningStatus(req) {
        const { companyId, livemode } = requireScope(req.scope);
        const record = await vault.find(companyId, livemode);
        // Test mode always can sign: its certificate is made on first use.
        if (!record) return { hasCertificate: !livemode, certificateSubject: "", certificateExpiresAt: "" };
        const certificate = describeCertificate(record.certificate_pem, record.source);
        return {
          hasCertificate: true,
          certificateSubject: certificate.subject,
          certificateExpiresAt: certificate.expires_at,
          certificate: toMessage(certificate),
        };
      },

      async uploadCertificate(req) {
        const { companyId, livemode } = requireScope(req.scope);
        const certificate = await uploadCertificate.execute(companyId, livemode, uploadOf(req));
        return { certificate: toMessage(certificate) };
      },

      async signSummary(req) {
        return signSummary.execute(requireScope(req.scope), req);
      },
    });
}

const toMessage = (c: CertificateDetails) => ({
  subject: c.subject,
  issuer: c.issuer,
  serialNumber: c.serial_number,
  fingerprintSha256: c.fingerprint_sha256,
  notBefore: c.not_before,
  expiresAt: c.expires_at,
  source: c.source,
});
