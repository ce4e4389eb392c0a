import type { JsonObject } from "@bufbuild/protobuf";
import { type Document, DocumentSchema, type Email, type Event } from "@einvoice/proto";
import { documentContract } from "./documents.js";
import { withNulls } from "./public-json.js";

/**
 * Turns a file link into the one presented to a caller (the gateway signs it so it opens without a key).
 * Presenters stay pure: whoever presents passes the signer.
 */
export type LinkSigner = (url: string) => string;

/**
 * The one place where internal messages become the public JSON: snake_case fields, decimal strings, and null for
 * what is not known (never a missing key). Nothing internal (types, keys, `$` fields) can pass through. The
 * gateway answers it and the notification service sends it to webhooks, so both are the same resource.
 */
export function presentDocument(document: Document | undefined, signLink?: LinkSigner): JsonObject {
  if (!document) throw new Error("a response without its document");
  const json = withNulls(DocumentSchema, documentContract.toJson(document));
  const links = json.links as Record<string, string | null> | null;
  if (signLink && links)
    json.links = Object.fromEntries(
      Object.entries(links).map(([kind, url]) => [kind, url === null ? null : signLink(url)]),
    );
  return json;
}

export function presentEvent(event: Event | undefined, signLink?: LinkSigner): JsonObject {
  if (!event) throw new Error("a response without its event");
  return {
    id: event.id,
    object: "event",
    type: event.type,
    created_at: event.createdAt,
    livemode: event.livemode,
    data: { object: objectOf(event, signLink) },
  };
}

function objectOf(event: Event, signLink: LinkSigner | undefined): JsonObject | null {
  const { object } = event.data ?? {};
  switch (object?.case) {
    case "document":
      return presentDocument(object.value, signLink);
    case "email":
      return presentEmail(object.value);
    default:
      return null;
  }
}

/** An email of a document, as the API shows it (`POST /v1/documents/{id}/email`, `email.*` events). */
export function presentEmail(email: Email | undefined): JsonObject {
  if (!email) throw new Error("a response without its email");
  return {
    id: email.id,
    object: "email",
    document_id: email.documentId,
    to: email.to,
    cc: email.cc,
    status: email.status,
    last_error: email.lastError ?? null,
    attempts: email.attempts,
    livemode: email.livemode,
    created_at: email.createdAt,
    updated_at: email.updatedAt,
  };
}
