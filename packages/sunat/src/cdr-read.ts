import { CdrFormatError } from "./errors.js";
import type { XmlNode } from "./xml-node.js";
import { child, children, decodeXml, parseXmlWithoutExtensions, text } from "./xml-read.js";
import { unzipEntries } from "./zip.js";

export interface CdrNote {
  code: string;
  text: string;
}

/**
 * The fields clients read from a CDR (Greenter DomCdrReader). Only the response is
 * mandatory: SUNAT's exception CDRs (cdr-rechazo.zip, code 0109) carry nothing else.
 */
export interface Cdr {
  id?: string;
  issueDate?: string;
  issueTime?: string;
  responseDate?: string;
  responseTime?: string;
  responseCode: string;
  description: string;
  /** Observations, each `cbc:Note` "4xxx - text". */
  notes: CdrNote[];
  /** `Response/ReferenceID`: serie-número (or RC/RA id) the verdict is about. */
  referenceId: string;
  /** `DocumentReference/ID`. */
  documentId?: string;
  /** SUNAT (or the OSE) that issued the CDR. */
  senderId?: string;
  /** `ReceiverParty`: the issuer of the document, who receives the CDR. */
  receiverId?: string;
  /** `DocumentResponse/RecipientParty`: the customer, e.g. "6-20587896411". */
  recipientId?: string;
  /** GRE only: the QR URL in `DocumentReference/DocumentDescription`. */
  documentDescription?: string;
}

export function parseCdr(xml: string | Uint8Array): Cdr {
  // Nothing read here is inside UBLExtensions, where the signature is.
  const doc = parseXmlWithoutExtensions(decodeXml(xml));
  if (!doc) throw new CdrFormatError("CDR is not well-formed XML");
  const root = child(doc, "ApplicationResponse");
  if (!root) throw new CdrFormatError("CDR root is not ApplicationResponse");
  const documentResponse = child(root, "DocumentResponse");
  const response = child(documentResponse, "Response");
  const responseCode = text(response, "ResponseCode");
  if (!responseCode) throw new CdrFormatError("CDR lacks DocumentResponse/Response/ResponseCode");
  const reference = child(documentResponse, "DocumentReference");

  const cdr: Cdr = {
    responseCode,
    description: text(response, "Description") ?? "",
    referenceId: text(response, "ReferenceID") ?? text(reference, "ID") ?? "",
    notes: children(root, "Note").map((note) => parseNote(text(note) ?? "")),
  };
  assign(cdr, "id", text(root, "ID"));
  assign(cdr, "issueDate", text(root, "IssueDate"));
  assign(cdr, "issueTime", text(root, "IssueTime"));
  assign(cdr, "responseDate", text(root, "ResponseDate"));
  assign(cdr, "responseTime", text(root, "ResponseTime"));
  assign(cdr, "documentId", text(reference, "ID"));
  assign(cdr, "documentDescription", text(reference, "DocumentDescription"));
  assign(cdr, "senderId", partyId(child(root, "SenderParty")));
  assign(cdr, "receiverId", partyId(child(root, "ReceiverParty")));
  assign(cdr, "recipientId", partyId(child(documentResponse, "RecipientParty")));
  return cdr;
}

/** Reads a CDR zip, skipping SUNAT's `dummy` entry and folders: the CDR is the `R-*.xml` file. */
export function readCdrZip(zip: Uint8Array): { entryName: string; xml: string; cdr: Cdr } {
  const entry = unzipEntries(zip).find((e) => /(^|\/)R-[^/]*\.xml$/i.test(e.name));
  if (!entry) throw new CdrFormatError("CDR zip has no R-*.xml entry");
  const xml = decodeXml(entry.data);
  return { entryName: entry.name, xml, cdr: parseCdr(xml) };
}

/** "4252 - El dato ingresado … - INFO: 4252 (nodo: …)" → code and the text after the first dash. */
export function parseNote(note: string): CdrNote {
  const match = /^(\d{1,4})\s*-\s*([\s\S]*)$/.exec(note.trim());
  return match ? { code: match[1]!, text: match[2]!.trim() } : { code: "", text: note.trim() };
}

/** SUNAT uses PartyIdentification/ID; OSEs (efact) use PartyLegalEntity/CompanyID. */
function partyId(party: XmlNode | undefined): string | undefined {
  return (
    text(party, "PartyIdentification", "ID") || text(party, "PartyLegalEntity", "CompanyID") || undefined
  );
}

function assign<K extends keyof Cdr>(cdr: Cdr, key: K, value: Cdr[K] | undefined): void {
  if (value !== undefined && value !== "") cdr[key] = value;
}
