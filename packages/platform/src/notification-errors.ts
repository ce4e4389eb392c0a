import { errorTable } from "@einvoice/domain";

/**
 * The notification service's own 422 codes (webhook endpoints and document emails), beyond the shape codes. The
 * gateway's catalog and docs/errors.md read `when` and `fix` from here.
 */
export const NOTIFICATION_ERRORS = errorTable({
  url_invalid: {
    status: 422,
    type: "invalid_request_error",
    when: "The webhook `url` is not an absolute https URL, carries a user or password, or points to a private, loopback, link-local or reserved address (http:// and local addresses only in test mode with `WEBHOOK_ALLOW_INSECURE_TEST_MODE`).",
    fix: "Register a public https URL.",
  },
  event_type_unknown: {
    status: 422,
    type: "invalid_request_error",
    when: "An entry of `events` is not an event type this API sends.",
    fix: 'Use `"*"` or the types listed on the field.',
  },
  email_invalid: {
    status: 422,
    type: "invalid_request_error",
    when: "An entry of `to` or `cc` of `POST /v1/documents/{id}/email` is not an email address.",
    fix: "Send addresses like `compras@cliente.com.pe`.",
  },
});
