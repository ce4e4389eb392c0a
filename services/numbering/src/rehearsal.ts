import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { create } from "@bufbuild/protobuf";
import {
  type BatchItem,
  type BatchOutcome,
  consumers,
  type RehearsalStream,
  type RunningConsumer,
  startBatchConsumer,
} from "@einvoice/broker";
import { computedDocuments, issuers } from "@einvoice/contracts";
import { SAMPLE_INVOICE } from "@einvoice/domain";
import { type Logger, rehearseRpc } from "@einvoice/platform";
import { DocumentRenderedSchema, DocumentVerdictSchema, NumberingService } from "@einvoice/proto";
import { openStore } from "@einvoice/store";
import { documentsCollection } from "./adapters/document-repository.js";
import { type OutboxEntry, OutboxRelay, outboxCollection } from "./adapters/outbox.js";
import { numberingRoutes } from "./rpc/numbering-routes.js";
import { ApplyVerdict } from "./usecases/apply-verdict.js";
import { GetDocument, GetDocuments, ListDocuments } from "./usecases/get-document.js";
import { IssueDespatchAdvice } from "./usecases/issue-despatch-advice.js";
import { IssueDocument } from "./usecases/issue-document.js";
import { IssueQueue } from "./usecases/issue-queue.js";
import { RecordRendering } from "./usecases/record-rendering.js";
import { VoidDocument } from "./usecases/void-document.js";

/**
 * Documents per IssueDocuments call, calls at once and companies, about as the gateway's batcher sends them under
 * load: many small calls, so the per-call code runs as often as the per-document code.
 */
const ISSUE_BATCH = 2;
const ISSUES_AT_ONCE = 8;
const COMPANIES = 8;
/** Messages per consumer batch: small, for the same reason. */
const CONSUMER_BATCH = 4;
/** Deadline of each rehearsal call, in milliseconds. */
const CALL_TIMEOUT_MS = 5_000;

const scopeOf = (n: number) => ({ companyId: `cmp_rehearsal_${n % COMPANIES}`, livemode: false });

export interface NumberingRehearsal {
  documents: number;
  filesBaseUrl: string;
  outboxPollMs: number;
  renderedBatchSize: number;
  verdictBatchSize: number;
}

/**
 * Numbering's real inbound stack end to end against throwaway targets: documents issued through the real Connect
 * server and client on a loopback port, their outbox relayed, then their rendered messages and verdicts consumed
 * by the real batch consumers and use cases, all over a throwaway store (a SQLite file in a temporary folder, deleted afterwards) and a private stream (`stream`, whose
 * `redirected` broker keeps every publish on it). Nothing of it reaches the register, a real stream or a user.
 * Returns the documents that went the whole way.
 */
export async function rehearseNumbering(
  stream: RehearsalStream,
  options: NumberingRehearsal,
  logger: Logger,
  signal: AbortSignal,
): Promise<number> {
  // A file of its own, as the register is, so the durable commit and checkpoint paths run too.
  const dir = await mkdtemp(join(tmpdir(), "einvoice-rehearsal-numbering-"));
  const store = await openStore({ engine: "sqlite", file: join(dir, "numbering.sqlite") }, logger);
  const running: RunningConsumer[] = [];
  const redirected = stream.redirected();
  const relay = new OutboxRelay(store, redirected, logger, options.outboxPollMs);
  try {
    await store.ensure([documentsCollection, outboxCollection]);
    relay.start();
    const handOver = (entries: readonly OutboxEntry[]) => relay.committed(entries);
    const issues = new IssueQueue(store, handOver);
    const { filesBaseUrl } = options;
    const routes = numberingRoutes(
      {
        issueDocument: new IssueDocument(issues, filesBaseUrl),
        issueDespatchAdvice: new IssueDespatchAdvice(issues, filesBaseUrl),
        getDocument: new GetDocument(store, filesBaseUrl),
        getDocuments: new GetDocuments(store, filesBaseUrl),
        listDocuments: new ListDocuments(store, filesBaseUrl),
        voidDocument: new VoidDocument(store, filesBaseUrl, handOver),
      },
      logger,
    );
    const ids = await rehearseRpc(
      { service: NumberingService, name: "numbering", routes, logger, timeoutMs: CALL_TIMEOUT_MS },
      async (client) => {
        const issued: { documentId: string; companyId: string; livemode: boolean }[] = [];
        const issuer = issuers.toMessage(SAMPLE_INVOICE.issuer);
        const computed = computedDocuments.toMessage(SAMPLE_INVOICE.computed);
        let next = 0;
        const caller = async () => {
          while (next < options.documents) {
            signal.throwIfAborted();
            const first = next;
            next = Math.min(options.documents, next + ISSUE_BATCH);
            const scope = scopeOf(first);
            const items = Array.from({ length: next - first }, (_, i) => ({
              scope,
              issuer,
              computed,
              idempotencyKey: `rehearsal-${first + i}`,
            }));
            const { results } = await client.issueDocuments({ items });
            const ids = results.flatMap(({ outcome }) =>
              outcome.case === "document" ? [outcome.value.id] : [],
            );
            await client.getDocuments({ items: ids.map((id) => ({ scope, id })) });
            issued.push(...ids.map((documentId) => ({ documentId, ...scope })));
          }
        };
        await Promise.all(Array.from({ length: ISSUES_AT_ONCE }, caller));
        return issued;
      },
    );

    // Every handling acks: a rehearsal's failure must not dead-letter or redeliver; it only shows in the count.
    let failed = 0;
    const acked =
      <T>(handle: (items: BatchItem<T>[]) => Promise<BatchOutcome>) =>
      async (items: BatchItem<T>[]) => {
        const outcome = await handle(items).catch((error: unknown) => items.map(() => error));
        failed += outcome.filter((error) => error !== undefined).length;
        return items.map(() => undefined);
      };
    const rendered = await stream.consumer(consumers.numberingRendered);
    const verdict = await stream.consumer(consumers.numberingVerdict);
    const recordRendering = new RecordRendering(store);
    const applyVerdict = new ApplyVerdict(store, filesBaseUrl, logger, handOver);
    running.push(
      await startBatchConsumer(
        redirected.js,
        rendered,
        acked((items) => recordRendering.execute(items.map((item) => item.payload))),
        { maxBatch: Math.min(CONSUMER_BATCH, options.renderedBatchSize) },
        logger,
      ),
      await startBatchConsumer(
        redirected.js,
        verdict,
        acked((items) => applyVerdict.executeBatch(items)),
        { maxBatch: Math.min(CONSUMER_BATCH, options.verdictBatchSize) },
        logger,
      ),
    );
    await stream.publish(
      rendered,
      ids.map((id) =>
        create(DocumentRenderedSchema, {
          ...id,
          pdfKey: `rehearsal/${id.documentId}.pdf`,
          ticketKey: "",
        }),
      ),
    );
    await stream.drained(rendered, signal);
    await stream.publish(
      verdict,
      ids.map((id) =>
        create(DocumentVerdictSchema, {
          ...id,
          outcome: "accepted",
          sunat: { code: "0", description: "La Factura ha sido aceptada", notes: [], simulated: true },
          cdrKey: `rehearsal/${id.documentId}-cdr.zip`,
        }),
      ),
    );
    await stream.drained(verdict, signal);
    if (failed > 0) throw new Error(`${failed} rehearsed messages failed`);
    return ids.length;
  } finally {
    await Promise.allSettled(running.map((consumer) => consumer.stop()));
    await relay.stop();
    await store.close();
    await rm(dir, { recursive: true, force: true });
  }
}
