import type { DocumentResource, EmailResource, EventResource } from "@einvoice/domain";
import type { Presented } from "./json-schema.js";
import type { PublicList } from "./list-schema.js";

/**
 * The TypeScript types of the Document, Event and Email as the gateway presents them (`presenters.ts`: the proto
 * message's JSON with null for every unset optional field). Their schemas are generated from the proto messages
 * (`generated/public-schemas.json`).
 */

export type PublicDocument = Presented<DocumentResource>;
export type PublicEvent = Presented<EventResource>;
/** An email of a document (`presentEmail`). */
export type PublicEmail = Presented<EmailResource>;

export type PublicEventList = PublicList<PublicEvent>;
export type PublicDocumentList = PublicList<PublicDocument>;
