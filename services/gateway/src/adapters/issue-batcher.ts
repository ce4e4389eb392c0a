import type { MessageInitShape } from "@bufbuild/protobuf";
import type { Client } from "@connectrpc/connect";
import { connectErrorOf } from "@einvoice/platform";
import {
  type Document,
  type EncodedIssueDocumentsRequestSchema,
  encodedLineCount,
  type NumberingServiceEncoded,
} from "@einvoice/proto";
import { type ItemOutcome, MicroBatcher } from "./micro-batcher.js";

/** An IssueDocument request whose computed document is forwarded as the tax service encoded it. */
export type IssueDocumentInit = NonNullable<
  MessageInitShape<typeof EncodedIssueDocumentsRequestSchema>["items"]
>[number];

export interface IssueBatchSettings {
  /** How long a create may wait for numbering's answer, in ms, its time in the queue included (RPC_TIMEOUT_MS). */
  timeoutMs: number;
  /** Calls to numbering in flight at once; a request arriving when all are busy waits for the next batch. */
  maxInFlight: number;
  /** Documents per call at most (numbering takes at most 256). */
  maxDocuments: number;
  /**
   * Lines per call at most, summed over its documents. A line is well under 1 KiB as protobuf (a 999-line
   * invoice with 250-character descriptions is 366 KB), so a call stays far under numbering's 8 MiB request
   * limit. A document with more lines than this goes alone.
   */
  maxLines: number;
}

/**
 * Four calls of at most 16 documents in flight: numbering answers the first creates while it commits the next, so
 * their callers send their next creates meanwhile. With two calls of up to 64, 64 busy callers all went in one
 * batch and the gateway and numbering took turns.
 */
export const DEFAULT_ISSUE_BATCH_LIMITS = { maxInFlight: 4, maxDocuments: 16, maxLines: 2000 } as const;

/**
 * Sends the IssueDocument requests that arrive together as one IssueDocuments call (see {@link MicroBatcher});
 * numbering commits them in one transaction either way. Each request gets what IssueDocument would have answered
 * it: its document, or its own error rebuilt as the ConnectError (details included). A call that fails as a
 * whole fails every request in it: none of them knows whether it was committed, as with a single call.
 */
export class IssueBatcher {
  private readonly batcher: MicroBatcher<IssueDocumentInit, Document>;

  constructor(
    numbering: Client<typeof NumberingServiceEncoded>,
    settings: Pick<IssueBatchSettings, "timeoutMs"> & Partial<IssueBatchSettings>,
  ) {
    const { timeoutMs, maxInFlight, maxDocuments, maxLines } = { ...DEFAULT_ISSUE_BATCH_LIMITS, ...settings };
    this.batcher = new MicroBatcher(
      {
        dependency: "numbering",
        spanName: "IssueDocuments batch",
        weight: (request) => (request.computed ? encodedLineCount(request.computed) : 0),
        send: async (items, callTimeoutMs) => {
          const { results } = await numbering.issueDocuments({ items }, { timeoutMs: callTimeoutMs });
          return results.map(({ outcome }): ItemOutcome<Document> => {
            if (outcome.case === "document") return { ok: true, value: outcome.value };
            if (outcome.case === "error") return { ok: false, error: connectErrorOf(outcome.value) };
            return { ok: false, error: new Error("numbering answered a result without its outcome") };
          });
        },
      },
      { timeoutMs, maxInFlight, maxItems: maxDocuments, maxWeight: maxLines },
    );
  }

  issue(request: IssueDocumentInit): Promise<Document> {
    return this.batcher.submit(request);
  }
}
