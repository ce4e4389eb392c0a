import type { Certificate } from "@einvoice/proto";

/** The public `certificate` object: what identifies the certificate, never its key. */
export const certificateResource = (certificate: Certificate, livemode: boolean) => ({
  object: "certificate" as const,
  livemode,
  subject: certificate.subject,
  issuer: certificate.issuer,
  serial_number: certificate.serialNumber,
  fingerprint_sha256: certificate.fingerprintSha256,
  not_before: certificate.notBefore,
  expires_at: certificate.expiresAt,
});
