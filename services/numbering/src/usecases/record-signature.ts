import type { Payload, subjects } from "@einvoice/broker";
import type { Store } from "@einvoice/store";
import { DocumentRepository } from "../adapters/document-repository.js";

/**
 * Keeps the signed XML's key and digest on the document (the digest is the hash printed in the QR), so a pending
 * document links its XML as soon as it is signed. Not durable: the verdict carries both again and `ApplyVerdict`
 * records them, so a power cut that loses this write loses the link only until the verdict.
 */
export class RecordSignature {
  constructor(private readonly store: Store) {}

  async execute(signed: Payload<typeof subjects.documentSigned>): Promise<void> {
    const scope = { companyId: signed.companyId, livemode: signed.livemode };
    await this.store.transaction(
      async (tx) => {
        const repository = new DocumentRepository(tx);
        const current = await repository.findById(scope, signed.documentId);
        if (!current) throw new Error(`document ${signed.documentId} not found`);
        if (current.files.xml === signed.xmlKey && current.hash === signed.hash) return;
        await repository.update(
          scope,
          signed.documentId,
          {},
          {
            hash: signed.hash,
            files: { ...current.files, xml: signed.xmlKey },
            updated_at: new Date().toISOString(),
          },
        );
      },
      { durable: false },
    );
  }
}
