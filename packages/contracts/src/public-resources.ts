import type { JsonObject } from "@bufbuild/protobuf";
import {
  type Document,
  DocumentSchema,
  type Email,
  EmailSchema,
  type Event,
  EventSchema,
} from "@einvoice/proto";
import { documentContract } from "./documents.js";
import { JsonCodec } from "./json-codec.js";
import { withNulls } from "./public-json.js";

/**
 * Turns a file link into the one presented to a caller (the gateway signs it so it opens without a key).
 * Presenters stay pure: whoever presents passes the signer.
 */
export type LinkSigner = (url: string) => string;

/**
 * The one place where internal messages become the public JSON: snake_case fields, decimal strings, and null for
 * what is not known (never a missing key), as `withNulls` derives it from each message's descriptor. Nothing
 * internal (types, keys, `$` fields) can pass through. The gateway answers it and the notification service sends
 * it to webhooks, so both are the same resource.
 */
export function presentDocument(document: Document | undefined, signLink?: LinkSigner): JsonObject {
  if (!document) throw new Error("a response without its document");
  return withSignedLinks(withNulls(DocumentSchema, documentContract.toJson(document)), signLink);
}

/** An event with the resource as it stood under `data.object` (the `EventData` oneof, presented by its name). */
export function presentEvent(event: Event | undefined, signLink?: LinkSigner): JsonObject {
  if (!event) throw new Error("a response without its event");
  const json = withNulls(EventSchema, events.toJson(event));
  const data = json.data as JsonObject;
  if (event.data?.object.case === "document")
    data.object = withSignedLinks(data.object as JsonObject, signLink);
  return json;
}

/** An email of a document, as the API shows it (`POST /v1/documents/{id}/email`, `email.*` events). */
export function presentEmail(email: Email | undefined): JsonObject {
  if (!email) throw new Error("a response without its email");
  return withNulls(EmailSchema, emails.toJson(email));
}

const events = new JsonCodec(EventSchema);
const emails = new JsonCodec(EmailSchema);

/** The presented document with its file links signed, when a signer is given. */
function withSignedLinks(json: JsonObject, signLink: LinkSigner | undefined): JsonObject {
  const links = json.links as Record<string, string | null> | null;
  if (signLink && links)
    json.links = Object.fromEntries(
      Object.entries(links).map(([kind, url]) => [kind, url === null ? null : signLink(url)]),
    );
  return json;
}
