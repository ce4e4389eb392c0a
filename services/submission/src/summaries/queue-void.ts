import type { Payload, subjects } from "@einvoice/broker";
import { DuplicateKeyError, type Store } from "@einvoice/store";
import { summaryLineOf } from "./summary-plan.js";
import { type VoidItemRecord, voidItemsCollection } from "./summary-records.js";

type VoidRequested = Payload<typeof subjects.documentVoidRequested>;

/**
 * `documents.void_requested` → one waiting void item. The summary scheduler batches it; a redelivery finds the
 * item (keyed by document and attempt) and changes nothing.
 */
export class QueueVoid {
  constructor(
    private readonly store: Store,
    private readonly wake: () => void,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async execute(request: VoidRequested): Promise<void> {
    const document = request.document;
    if (!document || !request.issuer) throw new Error(`void of ${request.documentId} without its document`);
    // Receipts and their notes (series B…) travel in an RC; invoices and theirs (F…) in an RA.
    const kind = document.type === "03" || document.series.startsWith("B") ? "RC" : "RA";
    const item: VoidItemRecord = {
      _id: `${request.documentId}:${request.attempt}`,
      document_id: request.documentId,
      attempt: request.attempt,
      company_id: request.companyId,
      livemode: request.livemode,
      ruc: request.issuer.ruc,
      legal_name: request.issuer.legalName,
      kind,
      reference_date: document.issueDate,
      line: summaryLineOf(
        {
          type: document.type,
          series: document.series,
          number: document.number,
          ...(document.currency !== undefined && { currency: document.currency }),
          ...(document.total !== undefined && { total: document.total }),
          ...(document.customer && {
            customer: {
              documentType: document.customer.documentType,
              documentNumber: document.customer.documentNumber,
            },
          }),
          ...(document.amounts && { amounts: document.amounts }),
          ...(request.igvPercent !== undefined && { igvPercent: request.igvPercent }),
        },
        request.reason,
      ),
      state: "waiting",
      summary_id: null,
      received_at: this.clock().toISOString(),
    };
    try {
      await this.store.collection<VoidItemRecord>(voidItemsCollection).insertOne(item);
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
    this.wake();
  }
}
