import type { FieldError } from "@einvoice/domain";
import { CREDENTIAL_ERRORS } from "@einvoice/platform";
import type { CredentialsError, CredentialsErrorCode } from "@einvoice/ubl";

/** How the credentials arrived: the public field names differ between the two forms. */
export type CredentialsForm = "pkcs12" | "pem";

/** The public field each failure points at, per form; a caller fixes that field and retries. */
const FIELD: Record<CredentialsErrorCode, Record<CredentialsForm, string>> = {
  invalid_pfx: { pkcs12: "pfx", pem: "certificate" },
  wrong_password: { pkcs12: "password", pem: "private_key" },
  invalid_private_key: { pkcs12: "pfx", pem: "private_key" },
  unsupported_key: { pkcs12: "pfx", pem: "private_key" },
  key_certificate_mismatch: { pkcs12: "pfx", pem: "private_key" },
  invalid_certificate: { pkcs12: "pfx", pem: "certificate" },
  certificate_expired: { pkcs12: "pfx", pem: "certificate" },
  certificate_not_yet_valid: { pkcs12: "pfx", pem: "certificate" },
};

/** Messages for people: forge's and OpenSSL's own texts name internals (MAC, ASN.1) rather than the fix. */
const MESSAGE: Record<CredentialsErrorCode, string> = {
  invalid_pfx: "The file is not a PKCS#12 (.pfx/.p12) archive holding a certificate and its private key.",
  wrong_password: "The password does not open the PKCS#12 file.",
  invalid_private_key: "The private key is not a readable, unencrypted PEM private key.",
  unsupported_key: "SUNAT requires an RSA key; this key is of another type.",
  key_certificate_mismatch: "The private key does not belong to the certificate.",
  invalid_certificate: "The certificate is not a readable PEM X.509 certificate.",
  certificate_expired: "The certificate has expired.",
  certificate_not_yet_valid: "The certificate is not valid yet.",
};

/** One field violation for a credentials failure from `loadPfx`/`loadPem`. */
export function credentialViolation(error: CredentialsError, form: CredentialsForm): FieldError {
  // Validity failures keep their own text: its dates help the caller tell a wrong file from a clock problem.
  const message = error.code.startsWith("certificate_")
    ? `${error.message.charAt(0).toUpperCase()}${error.message.slice(1)}.`
    : MESSAGE[error.code];
  return { param: FIELD[error.code][form], code: CREDENTIAL_ERRORS[error.code].code, message };
}
