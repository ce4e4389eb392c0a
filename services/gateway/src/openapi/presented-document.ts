import { documentContract, presentDocument } from "@einvoice/contracts";
import type { DocumentResource } from "@einvoice/domain";
import type { PublicDocument } from "./document-schemas.js";

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

/**
 * The Document as the API answers it for a sample, through the presenter the API itself uses: a field the sample
 * leaves out is null or its zero value, so a field added to the proto shows in every example without an edit.
 */
export function presentedDocument(sample: Sample<DocumentResource>): PublicDocument {
  return presentDocument(documentContract.codec.fromValue(sample)) as PublicDocument;
}
