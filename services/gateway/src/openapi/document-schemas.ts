import type { DocumentResource, EmailResource, EventResource } from "@einvoice/domain";
import { boolean } from "./field-schemas.js";
import { constant, type JsonSchema, objectSchema, type Presented, schemaRef } from "./json-schema.js";

/**
 * The TypeScript types of the Document, Event and Email as the gateway presents them (`presenters.ts`: the proto
 * message's JSON with null for every unset optional field), and the list envelopes' schemas. The resources' own
 * schemas are generated from the proto messages (`generated/public-schemas.json`).
 */

export type PublicDocument = Presented<DocumentResource>;
export type PublicEvent = Presented<EventResource>;
/** An email of a document (`presentEmail`). */
export type PublicEmail = Presented<EmailResource>;

export interface PublicEventList {
  object: "list";
  url: string;
  has_more: boolean;
  data: PublicEvent[];
}

export interface PublicDocumentList {
  object: "list";
  url: string;
  has_more: boolean;
  data: PublicDocument[];
}

const eventList = objectSchema<PublicEventList>()({
  description:
    "A page of events, newest first. Next (older) page: `starting_after` = the `id` of the last event of `data`; previous (newer) page: `ending_before` = the `id` of the first.",
  properties: {
    object: constant("list", "Always `list`."),
    url: constant("/v1/events", "The path of this list."),
    has_more: boolean(
      "True when more events exist beyond this page in the direction it was read (older with `starting_after` or no cursor, newer with `ending_before`).",
    ),
    data: { type: "array", items: schemaRef("Event"), description: "The events of this page, newest first." },
  },
});

const documentList = objectSchema<PublicDocumentList>()({
  description:
    "A page of documents, newest first. Next (older) page: `starting_after` = the `id` of the last document of `data`; previous (newer) page: `ending_before` = the `id` of the first.",
  properties: {
    object: constant("list", "Always `list`."),
    url: constant("/v1/documents", "The path of this list."),
    has_more: boolean(
      "True when more documents exist beyond this page in the direction it was read (older with `starting_after` or no cursor, newer with `ending_before`).",
    ),
    data: {
      type: "array",
      items: schemaRef("Document"),
      description: "The documents of this page, newest first.",
    },
  },
});

/** `components.schemas` entries of the list envelopes (the resources themselves are generated from proto). */
export const documentListSchemas: Record<string, JsonSchema> = {
  EventList: eventList,
  DocumentList: documentList,
};
