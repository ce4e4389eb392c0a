import type { Payload, subjects } from "@einvoice/broker";
import { despatchAdvices, issuers, type ReceivedPart, receivedPart } from "@einvoice/contracts";
import { buildDespatchAdviceXml } from "@einvoice/ubl";
import { type SignOnceDeps, signOnceAndAnnounce } from "./sign-once.js";

type Issued = Payload<typeof subjects.documentDespatchIssued>;

/**
 * Builds the UBL DespatchAdvice of an issued guide (09, 31), signs it, stores it and announces it on
 * documents.signed, exactly as SignDocument does for invoices: once per guide, a redelivery only republishes.
 */
export class SignDespatchAdvice {
  constructor(private readonly deps: SignOnceDeps) {}

  /** `received`: the payload's JSON as it came (the consumer's context), which spares converting its parts back. */
  async execute(issued: Issued, received?: ReceivedPart): Promise<void> {
    const issuer = issuers.fromMessage(issued.issuer, "issuer", receivedPart(received, "issuer"));
    const advice = despatchAdvices.fromMessage(
      issued.despatch,
      "despatch",
      receivedPart(received, "despatch"),
    );
    await signOnceAndAnnounce(this.deps, {
      documentId: issued.documentId,
      companyId: issued.companyId,
      livemode: issued.livemode,
      number: issued.number,
      issuer,
      type: advice.type,
      series: advice.series,
      issueDate: advice.issue_date,
      buildUnsignedXml: (issueTime) =>
        buildDespatchAdviceXml({ issuer, advice, number: issued.number, issueTime }),
    });
  }
}
