import { create, type JsonValue } from "@bufbuild/protobuf";
import { subjects } from "@einvoice/broker";
import { documentContract, JsonCodec, type ReceivedPart } from "@einvoice/contracts";
import {
  type Document,
  DocumentSchema,
  type Email,
  EmailSchema,
  type Event,
  EventSchema,
} from "@einvoice/proto";
import type { EventRecord } from "../adapters/event-repository.js";

/** The Email message ⇄ its canonical JSON. */
const emails = new JsonCodec(EmailSchema);

/**
 * What an event record keeps of its resource: the Document's canonical JSON as it stood. `received` is the same
 * document as the state message carried it: kept as it is when the whole message passed the strict schema at
 * consume, or the document alone passes it now (then it is the canonical JSON, as the register composed it), which
 * spares converting the whole document back through the message reflection; otherwise (unknown fields of a newer
 * publisher) the message's own encoding.
 */
export function storedObjectOf(document: Document, received?: ReceivedPart): EventRecord["object"] {
  if (
    received !== undefined &&
    (received.strict || documentContract.check(received.json, "strict").length === 0)
  )
    return received.json as EventRecord["object"];
  return documentContract.toJson(document);
}

/** The Event message of a stored event (records written before the contracts held nulls: both read the same). */
export function eventMessageOf(record: EventRecord): Event {
  return create(EventSchema, {
    id: record._id,
    object: "event",
    type: record.type,
    createdAt: record.created_at,
    livemode: record.livemode,
    data: {
      object:
        record.object_kind === "email"
          ? { case: "email", value: emailOf(record.object) }
          : { case: "document", value: documentOf(record.object) },
    },
  });
}

/**
 * The Event's canonical JSON, as `subjects.event` publishes it: composed from the stored object (already its
 * message's canonical JSON) when that passes the strict schema, which spares two conversions of the whole document
 * through the message reflection; otherwise (records of older versions) through the message.
 */
export function eventJsonOf(record: EventRecord): JsonValue {
  const kind = record.object_kind === "email" ? "email" : "document";
  const json = {
    id: record._id,
    object: "event",
    type: record.type,
    created_at: record.created_at,
    livemode: record.livemode,
    data: { [kind]: record.object },
  };
  if (subjects.event.payload.contract.check(json, "strict").length === 0) return json;
  return subjects.event.payload.encode(eventMessageOf(record));
}

/** What an email event keeps: the Email as it stood. */
export function storedEmailOf(email: Email): EventRecord["object"] {
  return emails.toJson(email);
}

function emailOf(object: JsonValue): Email {
  return typeof object === "object" && object !== null ? emails.fromJson(object) : create(EmailSchema);
}

function documentOf(object: JsonValue): Document {
  return typeof object === "object" && object !== null
    ? documentContract.codec.fromValue(object)
    : create(DocumentSchema);
}
