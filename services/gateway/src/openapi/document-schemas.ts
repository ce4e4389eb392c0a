import type { DocumentResource, EventResource } from "@einvoice/domain";
import type { PublicList } from "./list-schema.js";

/**
 * A page of events and of documents as the list routes answer it. The resources' types and schemas are generated
 * from the proto messages (`@einvoice/domain`, `generated/public-schemas.json`).
 */

export type PublicEventList = PublicList<EventResource>;
export type PublicDocumentList = PublicList<DocumentResource>;
