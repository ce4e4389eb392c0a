import { create } from "@bufbuild/protobuf";
import { type Broker, type Payload, publish, subjects } from "@einvoice/broker";
import { computedDocuments, issuers } from "@einvoice/contracts";
import { documentFileName, documentObjectKey } from "@einvoice/domain";
import type { ObjectStore } from "@einvoice/objects";
import { timeInLima } from "@einvoice/platform";
import { DocumentSignedSchema } from "@einvoice/proto";
import type { Store } from "@einvoice/store";
import { buildInvoiceXml, type XmlSigner } from "@einvoice/ubl";
import { SignatureRepository } from "../adapters/signature-repository.js";
import type { CredentialVault } from "./credential-vault.js";

type Issued = Payload<typeof subjects.documentIssued>;

/**
 * Builds the UBL XML of an issued document, signs it, stores it and announces it. Signing happens once per
 * document: a redelivered message finds the stored signature and only republishes (deduplicated by msg id).
 */
export class SignDocument {
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
    const computed = computedDocuments.fromMessage(issued.computed, "computed");
    const signatures = new SignatureRepository(this.store);
    let signature = await signatures.find(companyId, livemode, documentId);
    if (!signature) {
      const fileName = documentFileName(issuer.ruc, computed.type, computed.series, number);
      const credentials = await this.vault.forIssuer(companyId, livemode, issuer);
      const unsigned = buildInvoiceXml({
        issuer,
        document: computed,
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
        type: computed.type,
        series: computed.series,
        number,
        issueDate: computed.issue_date,
        fileName: signature.file_name,
        xmlKey: signature.xml_key,
        hash: signature.hash,
      }),
      { msgId: `${documentId}:signed` },
    );
  }
}
