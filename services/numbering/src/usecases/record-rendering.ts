import type { Payload, subjects } from "@einvoice/broker";
import type { Filter, Scalar, Store } from "@einvoice/store";
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
    const repository = new DocumentRepository(this.store);
    // Guides (09, 31) print no ticket: their rendered message carries an empty ticket key, kept as none. A message
    // without the signature keeps the one the document has.
    const set: Record<string, Scalar> = {
      "files.pdf": rendered.pdfKey,
      "files.pdf_ticket": rendered.ticketKey || null,
      ...(rendered.xmlKey ? { "files.xml": rendered.xmlKey } : {}),
      ...(rendered.hash ? { hash: rendered.hash } : {}),
    };
    // A redelivered message changes nothing, not even updated_at. Absent or null both mean "no ticket".
    const expected: Filter = Object.fromEntries(
      Object.entries(set).map(([path, value]) => [path, value === null ? { $exists: false } : value]),
    );
    if (await repository.holds(scope, rendered.documentId, expected)) return;
    // Only these fields are written, inside the stored document: a verdict applied at the same moment (its CDR
    // key, its status) is kept without a transaction around a read.
    const found = await repository.setFields(
      scope,
      rendered.documentId,
      {},
      {
        ...set,
        updated_at: new Date().toISOString(),
      },
    );
    if (!found) throw new Error(`document ${rendered.documentId} not found`);
  }
}
