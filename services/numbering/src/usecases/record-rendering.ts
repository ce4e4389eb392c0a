import type { Payload, subjects } from "@einvoice/broker";
import type { Store } from "@einvoice/store";
import { DocumentRepository } from "../adapters/document-repository.js";

/** Keeps the PDFs' keys on the document, so `links.pdf` appears once the file exists. */
export class RecordRendering {
  constructor(private readonly store: Store) {}

  async execute(rendered: Payload<typeof subjects.documentRendered>): Promise<void> {
    const repository = new DocumentRepository(this.store);
    const scope = { companyId: rendered.companyId, livemode: rendered.livemode };
    const current = await repository.findById(scope, rendered.documentId);
    if (!current) throw new Error(`document ${rendered.documentId} not found`);
    if (current.files.pdf === rendered.pdfKey && current.files.pdf_ticket === rendered.ticketKey) return;
    await repository.update(
      scope,
      rendered.documentId,
      {},
      {
        files: { ...current.files, pdf: rendered.pdfKey, pdf_ticket: rendered.ticketKey },
        updated_at: new Date().toISOString(),
      },
    );
  }
}
