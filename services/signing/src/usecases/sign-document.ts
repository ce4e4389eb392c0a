import type { Broker, Payload, subjects } from "@einvoice/broker";
import { computedDocuments, issuers } from "@einvoice/contracts";
import type { ObjectStore } from "@einvoice/objects";
import type { Store } from "@einvoice/store";
import { buildInvoiceXml, type XmlSigner } from "@einvoice/ubl";
import type { CredentialVault } from "./credential-vault.js";
import { type SignOnceDeps, signOnceAndAnnounce } from "./sign-once.js";

type Issued = Payload<typeof subjects.documentIssued>;

/**
 * Builds the UBL XML of an issued invoice or receipt, signs it, stores it and announces it. Signing happens once
 * per document: a redelivered message finds the stored signature and only republishes (deduplicated by msg id).
 */
export class SignDocument {
  private readonly deps: SignOnceDeps;

  constructor(
    store: Store,
    objects: ObjectStore,
    broker: Broker,
    vault: CredentialVault,
    signer: XmlSigner,
    clock: () => Date = () => new Date(),
  ) {
    this.deps = { store, objects, broker, vault, signer, clock };
  }

  async execute(issued: Issued): Promise<void> {
    const issuer = issuers.fromMessage(issued.issuer, "issuer");
    const computed = computedDocuments.fromMessage(issued.computed, "computed");
    await signOnceAndAnnounce(this.deps, {
      documentId: issued.documentId,
      companyId: issued.companyId,
      livemode: issued.livemode,
      number: issued.number,
      issuer,
      type: computed.type,
      series: computed.series,
      issueDate: computed.issue_date,
      buildUnsignedXml: (issueTime) =>
        buildInvoiceXml({ issuer, document: computed, number: issued.number, issueTime }),
    });
  }
}
