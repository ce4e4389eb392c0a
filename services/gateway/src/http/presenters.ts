import type { JsonObject } from "@bufbuild/protobuf";
import { documentContract, withNulls } from "@einvoice/contracts";
import { type Document, DocumentSchema, type Event } from "@einvoice/proto";

/**
 * The one place where internal messages become the public JSON: snake_case fields, decimal strings, and null for
 * what is not known (never a missing key). Nothing internal (types, keys, `$` fields) can pass through.
 */
export function presentDocument(document: Document | undefined): JsonObject {
  if (!document) throw new Error("a response without its document");
  return withNulls(DocumentSchema, documentContract.toJson(document));
}

export function presentEvent(event: Event | undefined): JsonObject {
  if (!event) throw new Error("a response without its event");
  return {
    id: event.id,
    object: "event",
    type: event.type,
    created_at: event.createdAt,
    livemode: event.livemode,
    data: { object: objectOf(event) },
  };
}

function objectOf(event: Event): JsonObject | null {
  const { object } = event.data ?? {};
  switch (object?.case) {
    case "document":
      return presentDocument(object.value);
    default:
      return null;
  }
}
