import { create } from "xmlbuilder2";
import type { CdrInput } from "../src/cdr-build.js";
import { APPLICATION_RESPONSE_NS, CAC_NS, CBC_NS, DS_NS, EXT_NS, SUNAT_RUC } from "../src/cdr-namespaces.js";

/**
 * The CDR as buildCdrXml wrote it through xmlbuilder2 before it became a string writer: the reference its output
 * is held to, byte for byte (tests only).
 */
export function referenceCdrXml(input: CdrInput): string {
  const sender = input.senderRuc ?? SUNAT_RUC;
  const root = create({ version: "1.0", encoding: "UTF-8" }).ele(
    APPLICATION_RESPONSE_NS,
    "ApplicationResponse",
    {
      "xmlns:cac": CAC_NS,
      "xmlns:cbc": CBC_NS,
      "xmlns:ds": DS_NS,
      "xmlns:ext": EXT_NS,
    },
  );
  root.ele("ext:UBLExtensions").ele("ext:UBLExtension").ele("ext:ExtensionContent");
  root.ele("cbc:UBLVersionID").txt("2.0");
  root.ele("cbc:CustomizationID").txt("1.0");
  root.ele("cbc:ID").txt(input.id);
  root.ele("cbc:IssueDate").txt(input.issueDate);
  root.ele("cbc:IssueTime").txt(input.issueTime);
  root.ele("cbc:ResponseDate").txt(input.responseDate);
  root.ele("cbc:ResponseTime").txt(input.responseTime);
  for (const note of input.notes ?? []) root.ele("cbc:Note").txt(`${note.code} - ${note.text}`);

  const signature = root.ele("cac:Signature");
  signature.ele("cbc:ID").txt("SignSUNAT");
  const signatory = signature.ele("cac:SignatoryParty");
  signatory.ele("cac:PartyIdentification").ele("cbc:ID").txt(sender);
  signatory.ele("cac:PartyName").ele("cbc:Name").txt("SUNAT");
  signature
    .ele("cac:DigitalSignatureAttachment")
    .ele("cac:ExternalReference")
    .ele("cbc:URI")
    .txt("#SignSUNAT");

  root.ele("cac:SenderParty").ele("cac:PartyIdentification").ele("cbc:ID").txt(sender);
  root.ele("cac:ReceiverParty").ele("cac:PartyIdentification").ele("cbc:ID").txt(input.receiverRuc);

  const documentResponse = root.ele("cac:DocumentResponse");
  const response = documentResponse.ele("cac:Response");
  response.ele("cbc:ReferenceID").txt(input.referenceId);
  response.ele("cbc:ResponseCode").txt(input.responseCode);
  response.ele("cbc:Description").txt(input.description);
  const reference = documentResponse.ele("cac:DocumentReference");
  reference.ele("cbc:ID").txt(input.documentId);
  if (input.documentTypeCode) reference.ele("cbc:DocumentTypeCode").txt(input.documentTypeCode);
  // UBL's DocumentReference sequence puts DocumentDescription after DocumentTypeCode (greenter cdrGRE.zip).
  if (input.documentDescription) reference.ele("cbc:DocumentDescription").txt(input.documentDescription);
  if (input.recipientId) {
    documentResponse
      .ele("cac:RecipientParty")
      .ele("cac:PartyIdentification")
      .ele("cbc:ID")
      .txt(input.recipientId);
  }

  const xml = root.end({ prettyPrint: false });
  return input.sign ? input.sign(xml) : xml;
}
