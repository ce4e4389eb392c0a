import { create } from "@bufbuild/protobuf";
import { type Broker, publish, verdictSubject } from "@einvoice/broker";
import { DocumentVerdictSchema } from "@einvoice/proto";
import type { Store } from "@einvoice/store";
import { type SubmissionRecord, SubmissionRepository } from "../adapters/submission-repository.js";

/**
 * Puts a final verdict on JetStream, deduplicated by document, then marks it published. If the process dies in
 * between, the scheduler finds the record unpublished and calls this again; the message id drops the copy.
 */
export class PublishVerdict {
  constructor(
    private readonly store: Store,
    private readonly broker: Broker,
  ) {}

  async execute(record: SubmissionRecord): Promise<void> {
    if (record.state !== "done" || !record.outcome)
      throw new Error(`submission ${record._id} has no verdict`);
    await publish(
      this.broker.js,
      // A guide's on its own subject: the renderer, which prints accepted guides again, reads only those.
      verdictSubject(record.type),
      create(DocumentVerdictSchema, {
        documentId: record._id,
        companyId: record.company_id,
        livemode: record.livemode,
        outcome: record.outcome,
        ...(record.sunat ? { sunat: record.sunat } : {}),
        ...(record.status_details ? { statusDetails: record.status_details } : {}),
        ...(record.cdr_key ? { cdrKey: record.cdr_key } : {}),
        // Numbering records the signature with the verdict when the PDF has not brought it first.
        xmlKey: record.xml_key,
        ...(record.hash ? { hash: record.hash } : {}),
      }),
      { msgId: `${record._id}:verdict` },
    );
    // Not durable: a mark lost in a power cut only makes the scheduler publish again; the message id drops the
    // copy (past JetStream's duplicate window numbering's state machine does: the verdict is already applied).
    await this.store.transaction((tx) => new SubmissionRepository(tx).markPublished(record), {
      durable: false,
    });
    record.verdict_published = true;
  }
}
