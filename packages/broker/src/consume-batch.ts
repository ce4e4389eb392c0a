import {
  currentTraceCarrier,
  extractContext,
  type Logger,
  metrics,
  SpanKind,
  withSpan,
} from "@einvoice/platform";
import type { JetStreamClient, JsMsg } from "@nats-io/jetstream";
import { context } from "@opentelemetry/api";
import type { ConsumerDef } from "./catalog.js";
import {
  countDelivery,
  decodeOrDeadLetter,
  freeSlot,
  type MessageContext,
  messageContext,
  openDeliveries,
  type RunningConsumer,
  settleFailure,
} from "./consume.js";
import { natsHeaderGetter } from "./headers.js";

/** One delivered, schema-checked message of a batch. */
export interface BatchItem<T> {
  payload: T;
  ctx: MessageContext;
  /**
   * The message's own trace context as a carrier (`traceparent`…): the batch runs under the first message's trace,
   * so work an item leaves for later (an outbox row) takes this to stay on its own.
   */
  trace: Record<string, string>;
}

/**
 * What became of each item of a batch, in the items' order: undefined when it is done (it is acked), or the error
 * its own handling would have thrown (it is retried or dead-lettered as `startConsumer` would).
 */
export type BatchOutcome = unknown[];

/** Marks a batch's collection as finished: no further message was already delivered. */
const NOTHING_WAITING = Symbol("nothing waiting");

/**
 * Runs a durable, explicit-ack consumer whose handler takes the messages already delivered together, up to
 * `maxBatch` of them, so what each message costs once (a call, a transaction) is paid once per batch. It never waits
 * for a batch to fill: a batch is whatever has arrived when a handler slot is free. At most `def.concurrency`
 * batches run at once. Each message is acked, retried or dead-lettered on its own outcome, exactly as
 * `startConsumer` does with one message, and only once the handler has finished with the whole batch.
 */
export async function startBatchConsumer<T>(
  js: JetStreamClient,
  def: ConsumerDef<T>,
  handler: (items: BatchItem<T>[]) => Promise<BatchOutcome>,
  options: { maxBatch: number },
  logger: Logger,
): Promise<RunningConsumer> {
  const maxBatch = Math.max(1, Math.floor(options.maxBatch));
  // Enough for every running batch and a full one waiting.
  const { messages, log, inFlight, track, running } = await openDeliveries(
    js,
    def,
    logger,
    (def.concurrency + 1) * maxBatch,
  );

  const handleBatch = async (batch: JsMsg[]) => {
    const items: BatchItem<T>[] = [];
    const delivered: JsMsg[] = [];
    for (const msg of batch) {
      countDelivery(def, msg);
      const decoded = await decodeOrDeadLetter(js, def, msg, log);
      if (decoded === undefined) continue;
      items.push({
        payload: decoded.payload,
        ctx: messageContext(msg, log, decoded),
        // Read from the headers only by a handler that asks (one that queues work for later).
        get trace() {
          return currentTraceCarrier(extractContext(msg.headers, natsHeaderGetter));
        },
      });
      delivered.push(msg);
    }
    const last = batch.at(-1);
    if (last) metrics.consumerPending.set({ consumer: def.durable }, last.info.pending);
    const first = delivered[0];
    if (!first) return;
    // The batch's span continues the first message's trace.
    const parent = extractContext(first.headers, natsHeaderGetter);
    await context.with(parent, () =>
      withSpan(
        "broker",
        `process ${first.subject} batch`,
        {
          kind: SpanKind.CONSUMER,
          attributes: { "messaging.system": "nats", "messaging.batch.message_count": items.length },
        },
        async () => {
          let outcome: BatchOutcome;
          try {
            outcome = await handler(items);
          } catch (error) {
            outcome = items.map(() => error);
          }
          await Promise.all(
            delivered.map(async (msg, i) => {
              const item = items[i] as BatchItem<T>;
              // A handler that answers for fewer items than it was given has not finished the rest.
              const error = i < outcome.length ? outcome[i] : new Error("the batch handler gave no outcome");
              if (error === undefined) msg.ack();
              else await settleFailure(js, def, msg, error, item.ctx, log);
            }),
          );
        },
      ),
    );
  };

  const iterator = messages[Symbol.asyncIterator]();
  /** Resolves on the next turn of the event loop: whatever was delivered by then is already queued. */
  const nextTurn = () =>
    new Promise<typeof NOTHING_WAITING>((resolve) => setImmediate(() => resolve(NOTHING_WAITING)));

  const loop = (async () => {
    let next = iterator.next();
    for (;;) {
      const first = await next;
      if (first.done) return;
      await freeSlot(inFlight, def, first.value);
      const batch = [first.value];
      next = iterator.next();
      let ended = false;
      while (batch.length < maxBatch) {
        const more = await Promise.race([next, nextTurn()]);
        if (more === NOTHING_WAITING) break;
        if (more.done) {
          ended = true;
          break;
        }
        batch.push(more.value);
        next = iterator.next();
      }
      track(handleBatch(batch), "batch handling crashed");
      if (ended) return;
    }
  })();
  return running(loop);
}
