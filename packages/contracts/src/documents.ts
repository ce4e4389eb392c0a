import type { JsonValue } from "@bufbuild/protobuf";
import type { BuiltDocument, InvoiceRequest, NoteRequest } from "@einvoice/domain";
import {
  ComputedDocumentSchema,
  DespatchAdviceSchema,
  type Document,
  DocumentSchema,
  InvoiceRequestSchema,
  IssuerSchema,
  NoteReferenceSchema,
  NoteRequestSchema,
} from "@einvoice/proto";
import { DomainContract } from "./domain-contract.js";
import { withoutUnset } from "./json-codec.js";
import { MessageContract } from "./message-contract.js";

/** The caller's invoice/receipt content: gateway → tax. */
export const invoiceRequests = new DomainContract<typeof InvoiceRequestSchema, InvoiceRequest>(
  InvoiceRequestSchema,
);

/** The caller's credit or debit note content: gateway → tax. */
export const noteRequests = new DomainContract<typeof NoteRequestSchema, NoteRequest>(NoteRequestSchema);

/** The document a note modifies: gateway → tax, and on the note's computed document. */
export const noteReferences = new DomainContract(NoteReferenceSchema);

/** The tax engine's result: tax → gateway → numbering → documents.issued. */
export const computedDocuments = new DomainContract(ComputedDocumentSchema);

/** A checked despatch advice (09, 31): gateway → numbering → documents.despatch_issued → signing; on the Document. */
export const despatchAdvices = new DomainContract(DespatchAdviceSchema);

/** The issuer snapshot printed on a document: gateway → numbering → documents.issued. */
export const issuers = new DomainContract(IssuerSchema);

/** The public Document message and its canonical JSON (events store it; presenters add the nulls). */
export const documentContract = new MessageContract(DocumentSchema);

/** The public Document as the register builds it (null where unknown) → its message; the register's one mapping. */
export function documentMessage(resource: BuiltDocument): Document {
  return documentContract.codec.fromValue(resource);
}

/**
 * The canonical JSON of the Document message for a resource, without the two conversions through the message
 * reflection when it can: the resource minus its unset (null) fields IS the canonical JSON whenever it passes the
 * strict schema (every non-optional field present, every value of its JSON type). Otherwise, the exact path.
 */
export function documentJson(resource: BuiltDocument): JsonValue {
  const json = withoutUnset(resource);
  if (documentContract.check(json, "strict").length === 0) return json;
  return documentContract.toJson(documentMessage(resource));
}
