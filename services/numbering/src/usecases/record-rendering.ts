import type { BatchOutcome, Payload, subjects } from "@einvoice/broker";
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

  /**
   * Records a batch of rendered messages in one transaction: one commit (and one disk sync) for all of them. The
   * outcome says, per message in order, undefined once recorded (or already recorded), or an error for a document
   * the register does not have; the others are recorded all the same.
   */
  async execute(batch: Rendered[]): Promise<BatchOutcome> {
    const outcome: BatchOutcome = batch.map(() => undefined);
    const updatedAt = new Date().toISOString();
    await this.store.transaction(async (tx) => {
      // MongoDB runs the body again after a write conflict: each run answers afresh.
      outcome.fill(undefined);
      const repository = new DocumentRepository(tx);
      for (const [i, rendered] of batch.entries()) {
        const scope = { companyId: rendered.companyId, livemode: rendered.livemode };
        const { set, expected } = fieldsOf(rendered);
        if (await repository.holds(scope, rendered.documentId, expected)) continue;
        // Only these fields are written, inside the stored document: a verdict's CDR key and status are kept.
        const found = await repository.setFields(
          scope,
          rendered.documentId,
          {},
          {
            ...set,
            updated_at: updatedAt,
          },
        );
        if (!found) outcome[i] = new Error(`document ${rendered.documentId} not found`);
      }
    });
    return outcome;
  }
}

type Rendered = Payload<typeof subjects.documentRendered>;

/** The fields a rendered message sets, and the filter a document that already has them matches. */
function fieldsOf(rendered: Rendered): { set: Record<string, Scalar>; expected: Filter } {
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
  return { set, expected };
}
