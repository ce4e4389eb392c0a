import type { Payload, subjects } from "@einvoice/broker";
import { computedDocuments, issuers, type ReceivedPart, receivedPart } from "@einvoice/contracts";
import { buildInvoiceXml, buildNoteXml } from "@einvoice/ubl";
import { type SignOnceDeps, type SignOnceSubject, signOnceAndAnnounce } from "./sign-once.js";

type Issued = Payload<typeof subjects.documentIssued>;

/**
 * Builds the UBL XML of an issued invoice or receipt (Invoice) or credit or debit note (CreditNote, DebitNote), signs it, stores it and announces it. Signing happens once
 * per document: a redelivered message finds the stored signature and only republishes (deduplicated by msg id).
 */
export class SignDocument {
  constructor(private readonly deps: SignOnceDeps) {}

  /** `received`: the payload's JSON as it came (the consumer's context), which spares converting its parts back. */
  async execute(issued: Issued, received?: ReceivedPart): Promise<void> {
    await signOnceAndAnnounce(this.deps, issuedSubject(issued, received));
  }
}

/** What signing an issued document means: its contract-checked parts and how to build its unsigned UBL. */
export function issuedSubject(issued: Issued, received?: ReceivedPart): SignOnceSubject {
  const issuer = issuers.fromMessage(issued.issuer, "issuer", receivedPart(received, "issuer"));
  const computed = computedDocuments.fromMessage(
    issued.computed,
    "computed",
    receivedPart(received, "computed"),
  );
  return {
    documentId: issued.documentId,
    companyId: issued.companyId,
    livemode: issued.livemode,
    number: issued.number,
    issuer,
    type: computed.type,
    series: computed.series,
    issueDate: computed.issue_date,
    buildUnsignedXml: (issueTime) =>
      (computed.type === "07" || computed.type === "08" ? buildNoteXml : buildInvoiceXml)({
        issuer,
        document: computed,
        number: issued.number,
        issueTime,
      }),
  };
}
