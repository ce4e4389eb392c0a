import type { Certificate } from "@einvoice/domain";
import { inspectCertificate } from "@einvoice/ubl";

/**
 * What the owner of a certificate is shown about it (the public `Certificate` without the presenter's `object` and
 * `livemode`), and where it came from; never anything about the private key.
 */
export interface CertificateDetails extends Omit<Certificate, "object" | "livemode"> {
  source: "test" | "uploaded";
}

// node:crypto prints one attribute per line; a single line reads better in JSON and logs.
const oneLine = (name: string) => name.split("\n").filter(Boolean).join(", ");

/** Reads the details from the certificate itself, so records written before a field existed still show it. */
export function describeCertificate(certificatePem: string, source: "test" | "uploaded"): CertificateDetails {
  const info = inspectCertificate(certificatePem);
  return {
    subject: oneLine(info.subject),
    issuer: oneLine(info.issuer),
    serial_number: info.serialNumber,
    fingerprint_sha256: info.fingerprintSha256,
    not_before: info.validFrom.toISOString(),
    expires_at: info.validTo.toISOString(),
    source,
  };
}
