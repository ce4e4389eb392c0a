import type { MessageInitShape } from "@bufbuild/protobuf";
import type { Client } from "@connectrpc/connect";
import { connectErrorOf } from "@einvoice/platform";
import type { ComputeDocumentRequestSchema, TaxServiceEncoded } from "@einvoice/proto";
import { type ItemOutcome, MicroBatcher, type MicroBatchSettings } from "./micro-batcher.js";

export type ComputeDocumentInit = MessageInitShape<typeof ComputeDocumentRequestSchema>;

/**
 * Two calls of at most 32 documents in flight: the tax service is one process doing pure CPU work, so more calls
 * at once only queue there, while a second call lets the gateway gather the next batch as the first is computed.
 * Tax takes at most 256 per call; 2,000 lines keep a call far under its request size limit.
 */
export const DEFAULT_TAX_BATCH_LIMITS = { maxInFlight: 2, maxItems: 32, maxWeight: 2000 } as const;

/**
 * Sends the ComputeDocument requests that arrive together as one ComputeDocuments call (see {@link MicroBatcher}).
 * Each request gets what ComputeDocument would have answered it: its computed document, or its own error rebuilt
 * as the ConnectError (INVALID_ARGUMENT with its field violations, so the same 422), whatever its neighbours'
 * fate. A call that fails as a whole (tax unreachable, deadline) fails every request in it with that error; no
 * number was taken for any of them. A computed document is answered as its encoded ComputedDocument: the gateway
 * only forwards it to numbering, so it never decodes it.
 */
export class TaxBatcher {
  private readonly batcher: MicroBatcher<ComputeDocumentInit, Uint8Array>;

  constructor(
    tax: Client<typeof TaxServiceEncoded>,
    settings: Pick<MicroBatchSettings, "timeoutMs"> & Partial<MicroBatchSettings>,
  ) {
    this.batcher = new MicroBatcher(
      {
        dependency: "tax",
        spanName: "ComputeDocuments batch",
        weight: (request) => request.request?.items?.length ?? 0,
        send: async (items, timeoutMs) => {
          const { results } = await tax.computeDocuments({ items }, { timeoutMs });
          return results.map(({ outcome }): ItemOutcome<Uint8Array> => {
            if (outcome.case === "document") return { ok: true, value: outcome.value };
            if (outcome.case === "error") return { ok: false, error: connectErrorOf(outcome.value) };
            return { ok: false, error: new Error("the tax service answered a result without its outcome") };
          });
        },
      },
      { ...DEFAULT_TAX_BATCH_LIMITS, ...settings },
    );
  }

  /** The computed document, encoded (an einvoice.documents.v1.ComputedDocument). */
  compute(request: ComputeDocumentInit): Promise<Uint8Array> {
    return this.batcher.submit(request);
  }
}
