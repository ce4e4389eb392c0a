import type { DescMessage, JsonObject, JsonValue, MessageShape } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import type { DocumentResource, EmailResource, EventResource, PresentedTypes } from "@einvoice/domain";
import {
  api,
  type Certificate,
  CertificateSchema,
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
export function presentDocument(
  document: Document | undefined,
  signLink?: LinkSigner,
): DocumentResource & JsonObject {
  if (!document) throw new Error("a response without its document");
  const json = withSignedLinks(withNulls(DocumentSchema, documentContract.toJson(document)), signLink);
  return json as DocumentResource & JsonObject;
}

/** An event with the resource as it stood under `data.object` (the `EventData` oneof, presented by its name). */
export function presentEvent(event: Event | undefined, signLink?: LinkSigner): EventResource & JsonObject {
  if (!event) throw new Error("a response without its event");
  const json = withNulls(EventSchema, events.toJson(event));
  const data = json.data as JsonObject;
  if (event.data?.object.case === "document")
    data.object = withSignedLinks(data.object as JsonObject, signLink);
  return json as EventResource & JsonObject;
}

/** An email of a document, as the API shows it (`POST /v1/documents/{id}/email`, `email.*` events). */
export function presentEmail(email: Email | undefined): EmailResource & JsonObject {
  if (!email) throw new Error("a response without its email");
  return withNulls(EmailSchema, emails.toJson(email)) as EmailResource & JsonObject;
}

/** The public JSON type of a public message (`PresentedTypes`, generated with the messages). */
export type PresentedOf<Desc extends DescMessage> =
  MessageShape<Desc>["$typeName"] extends keyof PresentedTypes
    ? PresentedTypes[MessageShape<Desc>["$typeName"]]
    : never;

/** What `presentAs` takes: any of the public fields (a misspelt one written out is a compile error), and others. */
type PresentInput<Desc extends DescMessage> = { readonly [K in keyof PresentedOf<Desc>]?: unknown };

/**
 * `value` (another message's canonical JSON, or a record whose keys are the public field names) as the public message
 * `desc`: its fields only, by name, presented by `withNulls`; the type is the message's generated public type.
 */
export function presentAs<Desc extends DescMessage>(
  desc: Desc,
  value: PresentInput<Desc>,
): PresentedOf<Desc> & JsonObject {
  return withNulls(desc, value as JsonValue) as PresentedOf<Desc> & JsonObject;
}

/** A certificate of the signing service as `einvoice.api.v1.Certificate`: what identifies it, never its key. */
export function presentCertificate(certificate: Certificate, livemode: boolean) {
  return presentAs(api.CertificateSchema, certificateFields(certificate, livemode));
}

/**
 * A certificate's fields for `einvoice.api.v1.Certificate`, not yet presented: what a resource that holds one
 * passes to `presentAs`, which presents it with the rest.
 */
export function certificateFields(certificate: Certificate, livemode: boolean): JsonObject {
  return { ...(certificates.toJson(certificate) as JsonObject), livemode };
}

/**
 * A webhook endpoint as the notification service answers it (`einvoice.api.v1.WebhookEndpoint`, its `secret` only
 * in the answers to create and rotate), presented.
 */
export function presentWebhookEndpoint(endpoint: api.WebhookEndpoint | undefined) {
  if (!endpoint) throw withoutResource("endpoint");
  return presentAs(api.WebhookEndpointSchema, webhookEndpoints.toJson(endpoint) as JsonObject);
}

/** A webhook delivery as the notification service answers it (`einvoice.api.v1.WebhookDelivery`), presented. */
export function presentWebhookDelivery(delivery: api.WebhookDelivery | undefined) {
  if (!delivery) throw withoutResource("delivery");
  return presentAs(api.WebhookDeliverySchema, webhookDeliveries.toJson(delivery) as JsonObject);
}

/**
 * An answer without its resource comes from a notification service of another version (the answers' resource
 * fields were renumbered): the dependency is not usable yet, so the caller may retry (UNAVAILABLE, a 503).
 */
function withoutResource(resource: string): ConnectError {
  return new ConnectError(`the notification service answered without the ${resource}`, Code.Unavailable);
}

const events = new JsonCodec(EventSchema);
const emails = new JsonCodec(EmailSchema);
const certificates = new JsonCodec(CertificateSchema);
const webhookEndpoints = new JsonCodec(api.WebhookEndpointSchema);
const webhookDeliveries = new JsonCodec(api.WebhookDeliverySchema);

/** The presented document with its file links signed, when a signer is given. */
function withSignedLinks(json: JsonObject, signLink: LinkSigner | undefined): JsonObject {
  const links = json.links as Record<string, string | null> | null;
  if (signLink && links)
    json.links = Object.fromEntries(
      Object.entries(links).map(([kind, url]) => [kind, url === null ? null : signLink(url)]),
    );
  return json;
}
