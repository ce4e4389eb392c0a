import type { Payload, subjects } from "@einvoice/broker";
import type { Store } from "@einvoice/store";
import { DocumentRepository } from "../adapters/document-repository.js";

/**
 * Keeps the PDFs' keys on the document, so `links.pdf` appears once the file exists, and with them the
 * signature they print: the signed XML's key and its digest (the hash in the QR), so a pending document links
 * its XML by the time it has a PDF. The verdict carries the signature again, so a document whose PDF comes
 * late (or never) has both from its verdict on.
 */
export class RecordRendering {
  constructor(private readonly store: Store) {}

  async execute(rendered: Payload<typeof subjects.documentRendered>): Promise<void> {
    const scope = { companyId: rendered.companyId, livemode: rendered.livemode };
    // One transaction: the files are rewritten whole, so a verdict applied between a read and a write outside
    // one would lose its CDR key.
    await this.store.transaction(async (tx) => {
      const repository = new DocumentRepository(tx);
      const current = await repository.findById(scope, rendered.documentId);
      if (!current) throw new Error(`document ${rendered.documentId} not found`);
      // Guides (09, 31) print no ticket: their rendered message carries an empty ticket key, kept as none.
      const ticket = rendered.ticketKey || null;
      const xml = rendered.xmlKey ?? current.files.xml;
      const hash = rendered.hash ?? current.hash;
      const unchanged =
        current.files.pdf === rendered.pdfKey &&
        (current.files.pdf_ticket ?? null) === ticket &&
        current.files.xml === xml &&
        current.hash === hash;
      if (unchanged) return;
      await repository.update(
        scope,
        rendered.documentId,
        {},
        {
          hash,
          files: { ...current.files, pdf: rendered.pdfKey, pdf_ticket: ticket, xml },
          updated_at: new Date().toISOString(),
        },
      );
    });
  }
}
