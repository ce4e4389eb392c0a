import { APPLICATION_RESPONSE_NS, CAC_NS, CBC_NS, DS_NS, EXT_NS, SUNAT_RUC } from "./cdr-namespaces.js";
import type { CdrNote } from "./cdr-read.js";

export interface CdrInput {
  id: string;
  issueDate: string;
  issueTime: string;
  responseDate: string;
  responseTime: string;
  /** Defaults to SUNAT's RUC 20131312955. */
  senderRuc?: string;
  /** The issuer of the document (ReceiverParty). */
  receiverRuc: string;
  /** Customer as "schemeID-number", e.g. "6-20587896411" (RecipientParty); omitted when absent. */
  recipientId?: string;
  /** Serie-número (or RC/RA id) the response is about. */
  referenceId: string;
  documentId: string;
  documentTypeCode?: string;
  /** GRE only: the QR URL SUNAT puts in `DocumentReference/cbc:DocumentDescription`. */
  documentDescription?: string;
  responseCode: string;
  description: string;
  notes?: CdrNote[];
  /**
   * Signing hook: receives the unsigned XML and returns it with a `ds:Signature` (Id
   * "SignSUNAT") placed in the empty `ext:ExtensionContent`. Signing lives elsewhere.
   */
  sign?: (xml: string) => string;
}

/** Text content as XML writes it: `&`, `<` and `>` escaped (what xmlbuilder2 wrote, which the tests hold it to). */
const escapeText = (value: string): string =>
  /[&<>]/.test(value) ? value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;") : value;

const element = (name: string, value: string): string => `<${name}>${escapeText(value)}</${name}>`;
const partyId = (id: string): string =>
  `<cac:PartyIdentification>${element("cbc:ID", id)}</cac:PartyIdentification>`;

/**
 * Builds a CDR shaped like SUNAT's (greenter R-20600995805-01-F001-3.xml): UBLVersionID 2.0,
 * CustomizationID 1.0, element order of the UBL 2.0 ApplicationResponse schema
 * (… ResponseTime, Note*, Signature, SenderParty, ReceiverParty, DocumentResponse).
 *
 * Written as a string (the simulator writes one per received document): the tests hold it byte for byte to the
 * same document built with xmlbuilder2.
 */
export function buildCdrXml(input: CdrInput): string {
  const sender = input.senderRuc ?? SUNAT_RUC;
  const notes = (input.notes ?? [])
    .map((note) => element("cbc:Note", `${note.code} - ${note.text}`))
    .join("");
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<ApplicationResponse xmlns="${APPLICATION_RESPONSE_NS}" xmlns:cac="${CAC_NS}" xmlns:cbc="${CBC_NS}" ` +
    `xmlns:ds="${DS_NS}" xmlns:ext="${EXT_NS}">` +
    "<ext:UBLExtensions><ext:UBLExtension><ext:ExtensionContent/></ext:UBLExtension></ext:UBLExtensions>" +
    "<cbc:UBLVersionID>2.0</cbc:UBLVersionID><cbc:CustomizationID>1.0</cbc:CustomizationID>" +
    element("cbc:ID", input.id) +
    element("cbc:IssueDate", input.issueDate) +
    element("cbc:IssueTime", input.issueTime) +
    element("cbc:ResponseDate", input.responseDate) +
    element("cbc:ResponseTime", input.responseTime) +
    notes +
    "<cac:Signature><cbc:ID>SignSUNAT</cbc:ID><cac:SignatoryParty>" +
    partyId(sender) +
    "<cac:PartyName><cbc:Name>SUNAT</cbc:Name></cac:PartyName></cac:SignatoryParty>" +
    "<cac:DigitalSignatureAttachment><cac:ExternalReference><cbc:URI>#SignSUNAT</cbc:URI>" +
    "</cac:ExternalReference></cac:DigitalSignatureAttachment></cac:Signature>" +
    `<cac:SenderParty>${partyId(sender)}</cac:SenderParty>` +
    `<cac:ReceiverParty>${partyId(input.receiverRuc)}</cac:ReceiverParty>` +
    "<cac:DocumentResponse><cac:Response>" +
    element("cbc:ReferenceID", input.referenceId) +
    element("cbc:ResponseCode", input.responseCode) +
    element("cbc:Description", input.description) +
    "</cac:Response><cac:DocumentReference>" +
    element("cbc:ID", input.documentId) +
    (input.documentTypeCode ? element("cbc:DocumentTypeCode", input.documentTypeCode) : "") +
    // UBL's DocumentReference sequence puts DocumentDescription after DocumentTypeCode (greenter cdrGRE.zip).
    (input.documentDescription ? element("cbc:DocumentDescription", input.documentDescription) : "") +
    "</cac:DocumentReference>" +
    (input.recipientId ? `<cac:RecipientParty>${partyId(input.recipientId)}</cac:RecipientParty>` : "") +
    "</cac:DocumentResponse></ApplicationResponse>";
  return input.sign ? input.sign(xml) : xml;
}
