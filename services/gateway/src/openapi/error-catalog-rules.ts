import type { CatalogEntry } from "./error-catalog.js";

/**
 * The 422 codes: one per failed check, listed in `errors[]` with the dotted `param` of the field. Shape codes come
 * from the gateway's ajv check (and the same checks in signing and submission), credential codes from the signing
 * service; the tax engine's business codes are in error-catalog-tax.ts. `error-catalog.test.ts` ties each
 * list to the code that emits it, both ways.
 */

export const check = (
  source: CatalogEntry["source"],
  code: string,
  when: string,
  fix: string,
): CatalogEntry => ({
  code,
  status: 422,
  type: "invalid_request_error",
  source,
  when,
  fix,
});

export const SHAPE_ENTRIES: CatalogEntry[] = [
  check(
    "shape",
    "parameter_missing",
    "A required field is absent (e.g. `series`, `items`, `items.0.unit_price`; on `PUT /v1/company/certificate` half a pair).",
    "Send the field named by `param`.",
  ),
  check(
    "shape",
    "parameter_unknown",
    "A field the schema does not define (bodies are closed: a typo is not silently ignored).",
    "Remove the field named by `param`, or fix its spelling.",
  ),
  check(
    "shape",
    "parameter_invalid",
    "A field has the wrong JSON type or format: a number where a decimal string is required (`unit_price`), a date that is not `YYYY-MM-DD`, a string over its length, a value outside its enum, both credential forms at once.",
    "Send the field as its schema describes; the message names the rule.",
  ),
];

export const CREDENTIAL_ENTRIES: CatalogEntry[] = [
  check(
    "signing",
    "invalid_pfx",
    "`pfx` is not a PKCS#12 archive holding a certificate and its key (`certificate` for PEM: not a certificate).",
    "Export the .pfx/.p12 again with its private key, and send it in base64.",
  ),
  check(
    "signing",
    "wrong_password",
    "`password` does not open the PKCS#12 file.",
    "Send the file's password.",
  ),
  check(
    "signing",
    "invalid_private_key",
    "The private key is not a readable, unencrypted PEM key.",
    "Send the key unencrypted, PEM (`openssl pkey -in key.pem`).",
  ),
  check(
    "signing",
    "unsupported_key",
    "The key is not RSA: SUNAT signs with RSA.",
    "Use the RSA certificate your certification authority issued for SUNAT.",
  ),
  check(
    "signing",
    "key_certificate_mismatch",
    "The private key does not belong to the certificate.",
    "Send the key that matches the certificate.",
  ),
  check(
    "signing",
    "invalid_certificate",
    "The certificate is not a readable PEM X.509 certificate.",
    "Send the PEM (`-----BEGIN CERTIFICATE-----`).",
  ),
  check(
    "signing",
    "certificate_expired",
    "The certificate's validity ended.",
    "Renew it with your certification authority.",
  ),
  check(
    "signing",
    "certificate_not_yet_valid",
    "The certificate's validity has not begun (the message gives its dates).",
    "Wait for its start date, or check the server clock.",
  ),
];

/** The notification service's checks of a webhook endpoint or an email (after the gateway's shape check). */
export const WEBHOOK_ENTRIES: CatalogEntry[] = [
  check(
    "notification",
    "url_invalid",
    "The webhook `url` is not an absolute https URL, carries a user or password, or points to a private, loopback, link-local or reserved address (http:// and local addresses only in test mode with `WEBHOOK_ALLOW_INSECURE_TEST_MODE`).",
    "Register a public https URL.",
  ),
  check(
    "notification",
    "event_type_unknown",
    "An entry of `events` is not an event type this API sends.",
    'Use `"*"` or the types listed on the field.',
  ),
  check(
    "notification",
    "email_invalid",
    "An entry of `to` or `cc` of `POST /v1/documents/{id}/email` is not an email address.",
    "Send addresses like `compras@cliente.com.pe`.",
  ),
];
