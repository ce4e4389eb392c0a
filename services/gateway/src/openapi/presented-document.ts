import {
  documentContract,
  JsonCodec,
  presentDocument,
  presentEmail,
  presentEvent,
} from "@einvoice/contracts";
import type { DocumentResource, EmailResource, EventResource } from "@einvoice/domain";
import { EmailSchema, EventSchema } from "@einvoice/proto";

/**
 * A value of `T` as an example gives it: only what it knows. A field left out is presented with its zero value, or
 * null when it may be unknown (such a field may also be given as null), and a nested message may come in its
 * canonical or its presented form.
 */
export type Sample<T> = T extends readonly (infer U)[]
  ? readonly Sample<U>[]
  : T extends object
    ? {
        [K in keyof T]?:
          | Sample<NonNullable<T[K]>>
          | (null extends T[K] ? null : undefined extends T[K] ? null : never);
      }
    : T;

/*
 * The examples' resources as the API answers them for a sample, through the presenters the API itself uses: a field
 * the sample leaves out is null or its zero value, so a field added to the proto shows in every example without an
 * edit.
 */

export function presentedDocument(sample: Sample<DocumentResource>): DocumentResource {
  return presentDocument(documentContract.codec.fromValue(sample));
}

/** An event about a document (`document.*`): the sample's `data.object` is the Document. */
export function presentedDocumentEvent(
  sample: Sample<Omit<EventResource, "data">> & { data: { object: Sample<DocumentResource> } },
): EventResource {
  const { data, ...event } = sample;
  return presentEvent(events.fromValue({ ...event, data: { document: data.object } }));
}

export function presentedEmail(sample: Sample<EmailResource>): EmailResource {
  return presentEmail(emails.fromValue(sample));
}

const events = new JsonCodec(EventSchema);
const emails = new JsonCodec(EmailSchema);
