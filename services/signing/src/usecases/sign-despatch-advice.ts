import { create } from "@bufbuild/protobuf";
import { type Broker, type Payload, publish, subjects } from "@einvoice/broker";
import { despatchAdvices, issuers } from "@einvoice/contracts";
import { documentFileName, documentObjectKey } from "@einvoice/domain";
import type { ObjectStore } from "@einvoice/objects";
import { timeInLima } from "@einvoice/platform";
import { DocumentSignedSchema } from "@einvoice/proto";
import type { Store } from "@einvoice/store";
import { buildDespatchAdviceXml, type XmlSigner } from "@einvoice/ubl";
import { SignatureRepository } from "../adapters/signature-repository.js";
import type { CredentialVault } from "./credential-vault.js";

type Issued = Payload<typeof subjects.documentDespatchIssued>;

/**
 * Builds the UBL DespatchAdvice of an issued guide (09, 31), signs it, stores it and announces it on
 * documents.signed, exactly as SignDocument does for invoices: once per guide, a redelivery only republishes.
 */
export class SignDespatchAdvice {
  constructor(
    private readonly store: Store,
    private readonly objects: ObjectStore,
    private readonly broker: Broker,
    private readonly vault: CredentialVault,
    private readonly signer: XmlSigner,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async execute(issued: Issued): Promise<void> {
    const { documentId, companyId, livemode, number } = issued;
    const issuer = issuers.fromMessage(issued.issuer, "issuer");
    const advice = despatchAdvices.fromMessage(issued.despatch, "despatch");
    const signatures = new SignatureRepository(this.store);
    let signature = await signatures.find(companyId, livemode, documentId);
    if (!signature) {
      const fileName = documentFileName(issuer.ruc, advice.type, advice.series, number);
      const credentials = await this.vault.forIssuer(companyId, livemode, issuer);
      const unsigned = buildDespatchAdviceXml({
        issuer,
        advice,
        number,
        issueTime: timeInLima(this.clock()),
      });
      const signed = this.signer.sign(unsigned, credentials);
      const xmlKey = documentObjectKey({ companyId, livemode }, documentId, "xml", fileName);
      await this.objects.put(xmlKey, Buffer.from(signed.xml, "utf8"), "application/xml");
      signature = {
        _id: documentId,
        company_id: companyId,
        livemode,
        file_name: fileName,
        xml_key: xmlKey,
        hash: signed.digestValue,
        created_at: this.clock().toISOString(),
      };
      await signatures.insert(signature).catch(async (error) => {
        // Lost a race with a concurrent delivery: the first stored signature wins.
        const winner = await signatures.find(companyId, livemode, documentId);
        if (!winner) throw error;
        signature = winner;
      });
    }
    await publish(
      this.broker.js,
      subjects.documentSigned,
      create(DocumentSignedSchema, {
        documentId,
        companyId,
        livemode,
        ruc: issuer.ruc,
        type: advice.type,
        series: advice.series,
        number,
        issueDate: advice.issue_date,
        fileName: signature.file_name,
        xmlKey: signature.xml_key,
        hash: signature.hash,
      }),
      { msgId: `${documentId}:signed` },
    );
  }
}
