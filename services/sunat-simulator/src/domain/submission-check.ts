import {
  child,
  decodeXml,
  parseXml,
  text,
  unzipEntries,
  type ZipEntry,
  ZipFormatError,
} from "@einvoice/sunat";
import { type DocumentFileName, parseDocumentFileName } from "./file-name.js";
import { issueFor, type RuleIssue } from "./rule-issue.js";

export interface SubmissionInput {
  /** `fileName` of the sendBill call, e.g. `20000000001-01-F001-1.zip`. */
  fileName: string;
  zip: Buffer;
  /** RUC of the caller: the first 11 characters of the WS-Security username. */
  senderRuc: string;
}

/** Identity of the document as stated inside the XML. */
export interface SubmittedDocument {
  root: "Invoice" | "CreditNote" | "DebitNote";
  ruc: string;
  type: string;
  series: string;
  number: string;
}

export type SubmissionCheck =
  | { ok: true; xml: string; fileName: DocumentFileName; document: SubmittedDocument }
  | ({ ok: false } & RuleIssue);

const ROOT_TYPES = { CreditNote: "07", DebitNote: "08" } as const;

/**
 * The envelope checks SUNAT runs before looking at the content (RV:General, in its order):
 * zip name 0151, sender RUC 0154, zip 0155–0158, xml name 0159/0161, empty 0160, parse 0306,
 * then name vs content 1034 (RUC), 1003 (type), 1035 (series), 1036 (number). The first
 * failure wins, as SUNAT answers these with a single exception.
 */
export async function validateInvoiceSubmission(input: SubmissionInput): Promise<SubmissionCheck> {
  const fileName = parseDocumentFileName(input.fileName, "zip");
  if (!fileName) return fail("0151");
  // Our simulator knows no PSE relationships, so the caller must be the issuer itself.
  if (fileName.ruc !== input.senderRuc) return fail("0154");

  let entries: ZipEntry[];
  try {
    entries = unzipEntries(input.zip);
  } catch (error) {
    if (error instanceof ZipFormatError && error.code) return fail(error.code);
    throw error;
  }
  if (entries.length === 0) return fail("0155");
  const xmlEntries = entries.filter((e) => e.name.toLowerCase().endsWith(".xml"));
  if (xmlEntries.length === 0) return fail("0157");
  if (xmlEntries.length > 1) return fail("0158");
  const entry = xmlEntries[0]!;

  const entryName = entry.name.split("/").pop()!;
  const xmlName = parseDocumentFileName(entryName, "xml");
  if (!xmlName) return fail("0159");
  if (xmlName.stem !== fileName.stem) return fail("0161");
  if (entry.data.length === 0) return fail("0160");

  const xml = decodeXml(entry.data);
  const document = readIdentity(xml);
  if (!document) return fail("0306");
  if (document.ruc !== fileName.ruc) return fail("1034");
  if (document.type !== fileName.type) return fail("1003");
  if (document.series.toUpperCase() !== fileName.series) return fail("1035");
  if (Number(document.number) !== Number(fileName.number)) return fail("1036");
  return { ok: true, xml, fileName, document };
}

function fail(code: string): SubmissionCheck {
  return { ok: false, ...issueFor(code) };
}

/** Reads RUC, type, series and number from an Invoice/CreditNote/DebitNote; undefined if unreadable. */
function readIdentity(xml: string): SubmittedDocument | undefined {
  const doc = parseXml(xml);
  for (const root of ["Invoice", "CreditNote", "DebitNote"] as const) {
    const node = child(doc, root);
    if (!node) continue;
    const id = text(node, "ID") ?? "";
    const dash = id.lastIndexOf("-");
    return {
      root,
      ruc: text(node, "AccountingSupplierParty", "Party", "PartyIdentification", "ID") ?? "",
      type: root === "Invoice" ? (text(node, "InvoiceTypeCode") ?? "") : ROOT_TYPES[root],
      series: dash > 0 ? id.slice(0, dash) : "",
      number: dash > 0 ? id.slice(dash + 1) : "",
    };
  }
  // Well-formed but not a CPE the billService takes: SUNAT reports it as unparseable.
  return undefined;
}
