import type { FieldError } from "@einvoice/domain";
import { encryptSecret, type SecretKeys, SHAPE_ERRORS, violationsError } from "@einvoice/platform";
import type { Store } from "@einvoice/store";
import { CredentialsError, loadPem, loadPfx, type SigningCredentials } from "@einvoice/ubl";
import {
  type CredentialRecord,
  CredentialRepository,
  credentialId,
} from "../adapters/credential-repository.js";
import { type CertificateDetails, describeCertificate } from "../domain/certificate-details.js";
import { type CredentialsForm, credentialViolation } from "../domain/credential-violations.js";

/** The company's credentials as uploaded: a PKCS#12 file with its password, or a PEM certificate and key. */
export type CertificateUpload =
  | { form: "pkcs12"; pfx: Uint8Array; password: string }
  | { form: "pem"; certificatePem: string; privateKeyPem: string };

/**
 * Stores a company's own certificate for one mode after proving it can sign today: the PFX opens, the key is
 * RSA and matches the certificate, the certificate is inside its validity window. It replaces whatever was
 * there (in test mode, the generated test certificate); the vault notices the new version on its next use.
 * Failures are INVALID_ARGUMENT with one violation naming the public field to fix.
 */
export class UploadCertificate {
  constructor(
    private readonly store: Store,
    private readonly masterKey: SecretKeys,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async execute(
    companyId: string,
    livemode: boolean,
    upload: CertificateUpload,
  ): Promise<CertificateDetails> {
    const now = this.clock();
    const credentials = this.validate(upload, now);
    const id = credentialId(companyId, livemode);
    const details = describeCertificate(credentials.certificatePem, "uploaded");
    const record: CredentialRecord = {
      _id: id,
      company_id: companyId,
      livemode,
      source: "uploaded",
      certificate_pem: credentials.certificatePem,
      private_key_box: encryptSecret(credentials.privateKeyPem, this.masterKey, id),
      subject: details.subject,
      expires_at: details.expires_at,
      created_at: now.toISOString(),
    };
    await new CredentialRepository(this.store).replace(record);
    return details;
  }

  private validate(upload: CertificateUpload, now: Date): SigningCredentials {
    const missing = missingFields(upload);
    if (missing.length > 0) throw violationsError(missing);
    try {
      return upload.form === "pkcs12"
        ? loadPfx(upload.pfx, upload.password, { now })
        : loadPem(upload.privateKeyPem, upload.certificatePem, { now });
    } catch (error) {
      if (!(error instanceof CredentialsError)) throw error;
      throw violationsError([credentialViolation(error, upload.form satisfies CredentialsForm)]);
    }
  }
}

function missingFields(upload: CertificateUpload): FieldError[] {
  const required = (param: string, present: boolean): FieldError[] =>
    present ? [] : [{ param, code: SHAPE_ERRORS.parameter_missing.code, message: `${param} is required.` }];
  // A PFX may legitimately have an empty password, so only the file itself is required in that form.
  return upload.form === "pkcs12"
    ? required("pfx", upload.pfx.length > 0)
    : [
        ...required("certificate", upload.certificatePem.trim() !== ""),
        ...required("private_key", upload.privateKeyPem.trim() !== ""),
      ];
}
