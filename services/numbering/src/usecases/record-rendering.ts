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
    // Guides (09, 31) print no ticket: their rendered message carries an empty ticket key, kept as none.
    const ticket = rendered.ticketKey || null;
    if (current.files.pdf === rendered.pdfKey && (current.files.pdf_ticket ?? null) === ticket) return;
    await repository.update(
      scope,
      rendered.documentId,
      {},
      {
        files: { ...current.files, pdf: rendered.pdfKey, pdf_ticket: ticket },
        updated_at: new Date().toISOString(),
      },
    );
  }
}
