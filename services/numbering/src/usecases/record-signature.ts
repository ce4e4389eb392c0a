import type { Payload, subjects } from "@einvoice/broker";
import type { Store } from "@einvoice/store";
import { DocumentRepository } from "../adapters/document-repository.js";

/** Keeps the signed XML's key and digest on the document (the digest is the hash printed in the QR). */
export class RecordSignature {
  constructor(private readonly store: Store) {}

  async execute(signed: Payload<typeof subjects.documentSigned>): Promise<void> {
    const repository = new DocumentRepository(this.store);
    const scope = { companyId: signed.company_id, livemode: signed.livemode };
    const current = await repository.findById(scope, signed.document_id);
    if (!current) throw new Error(`document ${signed.document_id} not found`);
    if (current.files.xml === signed.xml_key && current.hash === signed.hash) return;
    await repository.update(
      scope,
      signed.document_id,
      {},
      {
        hash: signed.hash,
        files: { ...current.files, xml: signed.xml_key },
        updated_at: new Date().toISOString(),
      },
    );
  }
}
