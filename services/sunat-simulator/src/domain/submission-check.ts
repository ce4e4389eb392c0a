import { child, decodeXml, parseXml, text, type XmlNode } from "@einvoice/sunat";
import { type DocumentFileName, parseDocumentFileName } from "./file-name.js";
import { issueFor, type RuleIssue } from "./rule-issue.js";
import { singleXmlEntry } from "./zip-entry.js";

export interface SubmissionInput {
  /** `fileName` of the sendBill call, e.g. `20000000001-01-F001-1.zip`. */
  fileName: string;
  zip: Buffer;
  /** RUC of the caller: the first 11 characters of the WS-Security username. */
  senderRuc: string;
}

/** Identity of the document as stated inside the XML. */
export interface SubmittedDocument {
  root: "Invoice" | "CreditNote" | "DebitNote" | "DespatchAdvice";
  ruc: string;
  type: string;
  series: string;
  number: string;
}

export type SubmissionCheck =
  | {
      ok: true;
      xml: string;
      /** The document parsed once here, for the content rules to read (the XML is well formed). */
      parsed: XmlNode;
      fileName: DocumentFileName;
      document: SubmittedDocument;
    }
  | ({ ok: false } & RuleIssue);

/** Reads the identity from a parsed document; undefined when the root is not one the channel takes. */
export type IdentityReader = (doc: XmlNode) => SubmittedDocument | undefined;

const ROOT_TYPES = { CreditNote: "07", DebitNote: "08" } as const;

/**
 * The envelope checks SUNAT runs before looking at the content (RV:General, in its order):
 * zip name 0151, sender RUC 0154, zip 0155–0158, xml name 0159/0161, empty 0160, parse 0306,
 * then name vs content 1034 (RUC), 1003 (type), 1035 (series), 1036 (number). The first
 * failure wins, as SUNAT answers these with a single exception.
 */
export async function validateInvoiceSubmission(input: SubmissionInput): Promise<SubmissionCheck> {
  return validateDocumentSubmission(input, readInvoiceIdentity);
}

/** The same envelope checks for any single-document channel (sendBill, GRE REST) given its identity reader. */
export async function validateDocumentSubmission(
  input: SubmissionInput,
  readIdentity: IdentityReader,
): Promise<SubmissionCheck> {
  const fileName = parseDocumentFileName(input.fileName, "zip");
  if (!fileName) return fail("0151");
  // Our simulator knows no PSE relationships, so the caller must be the issuer itself.
  if (fileName.ruc !== input.senderRuc) return fail("0154");

  const entry = singleXmlEntry(input.zip, fileName.stem, (name) => parseDocumentFileName(name, "xml")?.stem);
  if (!entry.ok) return fail(entry.code);

  const xml = decodeXml(entry.data);
  const parsed = parseXml(xml);
  // Well-formed but not a document this channel takes: SUNAT reports it as unparseable.
  const document = parsed ? readIdentity(parsed) : undefined;
  if (!document) return fail("0306");
  if (document.ruc !== fileName.ruc) return fail("1034");
  if (document.type !== fileName.type) return fail("1003");
  if (document.series.toUpperCase() !== fileName.series) return fail("1035");
  if (Number(document.number) !== Number(fileName.number)) return fail("1036");
  return { ok: true, xml, parsed: parsed as XmlNode, fileName, document };
}

function fail(code: string): SubmissionCheck {
  return { ok: false, ...issueFor(code) };
}

/** Reads RUC, type, series and number from an Invoice/CreditNote/DebitNote; undefined for other roots. */
export function readInvoiceIdentity(doc: XmlNode): SubmittedDocument | undefined {
  for (const root of ["Invoice", "CreditNote", "DebitNote"] as const) {
    const node = child(doc, root);
    if (!node) continue;
    return {
      root,
      ruc: text(node, "AccountingSupplierParty", "Party", "PartyIdentification", "ID") ?? "",
      type: root === "Invoice" ? (text(node, "InvoiceTypeCode") ?? "") : ROOT_TYPES[root],
      ...splitId(text(node, "ID")),
    };
  }
  return undefined;
}

/** `F001-12` → series and number; empty strings when there is no dash. */
export function splitId(id: string | undefined): { series: string; number: string } {
  const value = id ?? "";
  const dash = value.lastIndexOf("-");
  return dash > 0
    ? { series: value.slice(0, dash), number: value.slice(dash + 1) }
    : { series: "", number: "" };
}
