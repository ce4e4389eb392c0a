import { type Broker, type Payload, publish, subjects } from "@einvoice/broker";
import { documentFileName } from "@einvoice/domain";
import type { ObjectStore } from "@einvoice/objects";
import { timeInLima } from "@einvoice/platform";
import type { Store } from "@einvoice/store";
import { buildInvoiceXml, type XmlSigner } from "@einvoice/ubl";
import { SignatureRepository } from "../adapters/signature-repository.js";
import type { CredentialVault } from "./credential-vault.js";

type Issued = Payload<typeof subjects.documentIssued>;

/** Where a document's files live in the shared bucket. */
export const documentObjectPrefix = (p: { company_id: string; livemode: boolean; document_id: string }) =>
  `${p.company_id}/${p.livemode ? "live" : "test"}/${p.document_id}`;

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
    const signatures = new SignatureRepository(this.store);
    let signature = await signatures.find(issued.company_id, issued.livemode, issued.document_id);
    if (!signature) {
      const { computed, issuer, number } = issued;
      const fileName = documentFileName(issuer.ruc, computed.type, computed.series, number);
      const credentials = await this.vault.forIssuer(issued.company_id, issued.livemode, issuer);
      const unsigned = buildInvoiceXml({
        issuer,
        document: computed,
        number,
        issueTime: timeInLima(this.clock()),
      });
      const signed = this.signer.sign(unsigned, credentials);
      const xmlKey = `${documentObjectPrefix(issued)}/${fileName}.xml`;
      await this.objects.put(xmlKey, Buffer.from(signed.xml, "utf8"), "application/xml");
      signature = {
        _id: issued.document_id,
        company_id: issued.company_id,
        livemode: issued.livemode,
        file_name: fileName,
        xml_key: xmlKey,
        hash: signed.digestValue,
        created_at: this.clock().toISOString(),
      };
      await signatures.insert(signature).catch(async (error) => {
        // Lost a race with a concurrent delivery: the first stored signature wins.
        const winner = await signatures.find(issued.company_id, issued.livemode, issued.document_id);
        if (!winner) throw error;
        signature = winner;
      });
    }
    const { computed, issuer, number } = issued;
    await publish(
      this.broker.js,
      subjects.documentSigned,
      {
        document_id: issued.document_id,
        company_id: issued.company_id,
        livemode: issued.livemode,
        ruc: issuer.ruc,
        type: computed.type,
        series: computed.series,
        number,
        issue_date: computed.issue_date,
        file_name: signature.file_name,
        xml_key: signature.xml_key,
        hash: signature.hash,
      },
      { msgId: `${issued.document_id}:signed` },
    );
  }
}
