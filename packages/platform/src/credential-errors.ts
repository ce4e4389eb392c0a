import { errorTable } from "@einvoice/domain";

/**
 * The signing service's answers to uploaded credentials (`PUT /v1/company/certificate`): one per failure of
 * `loadPfx`/`loadPem`, a 422 naming the field to fix. The gateway's catalog and docs/errors.md read `when` and
 * `fix` from here.
 */
export const CREDENTIAL_ERRORS = errorTable({
  invalid_pfx: {
    status: 422,
    type: "invalid_request_error",
    when: "`pfx` is not a PKCS#12 archive holding a certificate and its key (`certificate` for PEM: not a certificate).",
    fix: "Export the .pfx/.p12 again with its private key, and send it in base64.",
  },
  wrong_password: {
    status: 422,
    type: "invalid_request_error",
    when: "`password` does not open the PKCS#12 file.",
    fix: "Send the file's password.",
  },
  invalid_private_key: {
    status: 422,
    type: "invalid_request_error",
    when: "The private key is not a readable, unencrypted PEM key.",
    fix: "Send the key unencrypted, PEM (`openssl pkey -in key.pem`).",
  },
  unsupported_key: {
    status: 422,
    type: "invalid_request_error",
    when: "The key is not RSA: SUNAT signs with RSA.",
    fix: "Use the RSA certificate your certification authority issued for SUNAT.",
  },
  key_certificate_mismatch: {
    status: 422,
    type: "invalid_request_error",
    when: "The private key does not belong to the certificate.",
    fix: "Send the key that matches the certificate.",
  },
  invalid_certificate: {
    status: 422,
    type: "invalid_request_error",
    when: "The certificate is not a readable PEM X.509 certificate.",
    fix: "Send the PEM (`-----BEGIN CERTIFICATE-----`).",
  },
  certificate_expired: {
    status: 422,
    type: "invalid_request_error",
    when: "The certificate's validity ended.",
    fix: "Renew it with your certification authority.",
  },
  certificate_not_yet_valid: {
    status: 422,
    type: "invalid_request_error",
    when: "The certificate's validity has not begun (the message gives its dates).",
    fix: "Wait for its start date, or check the server clock.",
  },
});
