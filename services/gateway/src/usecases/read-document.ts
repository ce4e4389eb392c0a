import { type Client, Code, ConnectError } from "@connectrpc/connect";
import type { Scope } from "@einvoice/domain";
import type { ComputedDocument, Document, NumberingService, SubmissionService } from "@einvoice/proto";

/**
 * One document as `GET /v1/documents/{id}` and the dashboard show it: numbering's record and, while it is pending,
 * how sending it to SUNAT is going (submission's attempts, last problem, next try and deadline). A document that
 * submission does not hold yet (still being signed) has no `submission`.
 */
export class ReadDocument {
  constructor(
    private readonly deps: {
      numbering: Client<typeof NumberingService>;
      submission: Client<typeof SubmissionService>;
    },
  ) {}

  /** The document, and for invoices, receipts and notes what the tax engine computed (its lines). */
  async execute(
    scope: Scope,
    id: string,
  ): Promise<{ document: Document | undefined; computed: ComputedDocument | undefined }> {
    const { document, computed } = await this.deps.numbering.getDocument({ scope, id });
    if (document?.status !== "pending") return { document, computed };
    const submission = await this.deps.submission
      .getSubmission({ scope, documentId: id })
      .catch((error: unknown) => {
        if (error instanceof ConnectError && error.code === Code.NotFound) return null;
        throw error;
      });
    if (submission?.progress) document.submission = submission.progress;
    return { document, computed };
  }
}
