import type { JsonObject } from "@bufbuild/protobuf";
import { documentContract, withNulls } from "@einvoice/contracts";
import { type Document, DocumentSchema, type Event } from "@einvoice/proto";

/**
 * The one place where internal messages become the public JSON: snake_case fields, decimal strings, and null for
 * what is not known (never a missing key). Nothing internal (types, keys, `$` fields) can pass through.
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

/**
 * Turns a file link into the one presented to this caller (signed and expiring, so it opens without a key).
 * Presenters stay pure: routes pass the signer for the caller's scope.
 */
export type LinkSigner = (url: string) => string;

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
    default:
      return null;
  }
}
