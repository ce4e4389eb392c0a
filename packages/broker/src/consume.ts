import type { ReceivedPart } from "@einvoice/contracts";
import { extractContext, type Logger, metrics, SpanKind, withSpan } from "@einvoice/platform";
import type { ConsumerMessages, JetStreamClient, JsMsg } from "@nats-io/jetstream";
import { context } from "@opentelemetry/api";
import type { ConsumerDef } from "./catalog.js";
import { publishDeadLetter } from "./dead-letter.js";
import { watchMaxDeliveries } from "./dead-letter-advisories.js";
import { natsHeaderGetter } from "./headers.js";

/**
 * Messages each pull asks the server for, per handler allowed at once. nats.js pulls again as soon as a
 * quarter of a batch has arrived, so a batch of `concurrency` cost a pull request, a round trip through
 * nats-server, every one or two deliveries; eight times that costs one every 2 × concurrency, which
 * bench/pipeline.ts shows as less nats-server CPU per invoice. A message delivered while every handler is busy waits in this process: at most 8 × concurrency
 * of them, far inside their ack wait. Those still waiting when the consumer stops are redelivered once their
 * ack wait passes.
 */
const PULL_BATCH_PER_HANDLER = 8;

/** A handler signals "this failure is final, do not retry" by throwing PermanentError. */
export class PermanentError extends Error {
  override readonly name = "PermanentError";
}

/** A handler asks for a later retry without it counting as a failure worth a warning. */
export class RetryLaterError extends Error {
  override readonly name = "RetryLaterError";
  constructor(
    message: string,
    /** Delay before redelivery, in milliseconds. */
    readonly delayMs: number,
  ) {
    super(message);
  }
}

/**
 * A delivery as its handler sees it. As a ReceivedPart: the payload's JSON as received (it passed the tolerant
 * check the payload was decoded with), which a handler that stores or forwards part of it as JSON may keep as it
 * is once it passes the strict check; and `strict`, whether it passed the strict schema as a whole (a publisher of
 * this version), so each part is that part's canonical JSON, which `DomainContract.fromMessage` takes without
 * checking it again.
 */
export interface MessageContext extends Readonly<ReceivedPart> {
  /** Delivery attempt, 1-based. */
  deliveryCount: number;
  streamSequence: number;
  /** Tells the server the handler is still working, resetting the ack-wait timer (long SUNAT calls). */
  working(): void;
  logger: Logger;
}

export interface RunningConsumer {
  /** Stops fetching, waits for in-flight handlers to finish. */
  stop(): Promise<void>;
}

/**
 * Runs a durable, explicit-ack consumer. Each message is schema-checked, handled inside a CONSUMER span whose
 * parent comes from the message headers, then acked. Failures are nak'ed with the catalog's retry delays; a
 * message that fails its last delivery, fails its schema or throws PermanentError is copied to the
 * dead-letter stream and terminated, so nothing is lost and nothing loops forever. A last delivery that ends
 * with no decision (crash, hang past ack-wait) is dead-lettered from the server's max-deliveries advisory.
 */
export async function startConsumer<T>(
  js: JetStreamClient,
  def: ConsumerDef<T>,
  handler: (payload: T, ctx: MessageContext) => Promise<void>,
  logger: Logger,
): Promise<RunningConsumer> {
  const { messages, log, inFlight, track, running } = await openDeliveries(
    js,
    def,
    logger,
    def.concurrency * PULL_BATCH_PER_HANDLER,
  );

  const handle = async (msg: JsMsg) => {
    const deliveryCount = msg.info.deliveryCount;
    countDelivery(def, msg);
    metrics.consumerPending.set({ consumer: def.durable }, msg.info.pending);
    const parent = extractContext(msg.headers, natsHeaderGetter);
    await context.with(parent, () =>
      withSpan(
        "broker",
        `process ${msg.subject}`,
        {
          kind: SpanKind.CONSUMER,
          attributes: { "messaging.system": "nats", "messaging.delivery_count": deliveryCount },
        },
        async () => {
          const decoded = await decodeOrDeadLetter(js, def, msg, log);
          if (decoded === undefined) return;
          const ctx = messageContext(msg, log, decoded);
          try {
            await handler(decoded.payload, ctx);
            msg.ack();
          } catch (error) {
            await settleFailure(js, def, msg, error, ctx, log);
          }
        },
      ),
    );
  };

  const loop = (async () => {
    for await (const msg of messages) {
      await freeSlot(inFlight, def, msg);
      track(handle(msg), "message handling crashed");
    }
  })();
  return running(loop);
}

/** Counts a delivery, and a redelivery, of the consumer. */
export function countDelivery(def: ConsumerDef<unknown>, msg: JsMsg): void {
  metrics.consumerDeliveries.inc({ consumer: def.durable });
  if (msg.info.deliveryCount > 1) metrics.consumerRedeliveries.inc({ consumer: def.durable });
}

/** A delivery's checked payload and the JSON it was decoded from. */
export type Decoded<T> = ReceivedPart & { payload: T };

/**
 * The message's checked payload (and its JSON, parsed once); one that fails its schema is dead-lettered (never
 * retried) and gives undefined.
 */
export async function decodeOrDeadLetter<T>(
  js: JetStreamClient,
  def: ConsumerDef<T>,
  msg: JsMsg,
  log: Logger,
): Promise<Decoded<T> | undefined> {
  try {
    const json: unknown = msg.json();
    const { payload, strict } = def.payload.decodeReceived(json);
    return { payload, json, strict };
  } catch (error) {
    await deadLetter(js, def, msg, `invalid payload: ${(error as Error).message}`, log);
    return undefined;
  }
}

/** What a consume loop reads from and runs its handlings in. */
export interface Deliveries {
  messages: ConsumerMessages;
  /** The consumer's logger. */
  log: Logger;
  /** The handlings running now (at most `def.concurrency`: see freeSlot). */
  inFlight: ReadonlySet<Promise<void>>;
  /** Counts `task` in flight until it settles; a crash is logged, never thrown into the loop. */
  track(task: Promise<void>, crashed: string): void;
  /** The consumer of `loop`, the loop reading `messages`: stop ends the pull, the loop, then the handlings. */
  running(loop: Promise<void>): RunningConsumer;
}

/** Opens a durable consumer's deliveries, up to `maxMessages` pulled ahead, with its max-deliveries advisories. */
export async function openDeliveries(
  js: JetStreamClient,
  def: ConsumerDef<unknown>,
  logger: Logger,
  maxMessages: number,
): Promise<Deliveries> {
  const consumer = await js.consumers.get(def.stream.name, def.durable);
  // Listen before pulling, so no delivery of this replica can run out unseen.
  const advisories = await watchMaxDeliveries(js, def, logger);
  let messages: ConsumerMessages;
  try {
    messages = await consumer.consume({ max_messages: maxMessages });
  } catch (error) {
    await advisories.stop();
    throw error;
  }
  const inFlight = new Set<Promise<void>>();
  const log = logger.child({ consumer: def.durable });
  return {
    messages,
    log,
    inFlight,
    track: (task, crashed) => {
      const tracked = task.catch((error) => log.error({ err: error }, crashed));
      inFlight.add(tracked);
      void tracked.finally(() => inFlight.delete(tracked));
    },
    running: (loop) => ({
      stop: async () => {
        await messages.close();
        await loop.catch(() => undefined);
        await Promise.allSettled([...inFlight]);
        await advisories.stop();
      },
    }),
  };
}

/**
 * Waits for a free handler slot, so at most `def.concurrency` handlings are `inFlight` at once (the pull fetches
 * more ahead, see PULL_BATCH_PER_HANDLER). `waiting` is already delivered: tell the server it is in progress so its
 * ack wait does not run out while it queues.
 */
export async function freeSlot(
  inFlight: ReadonlySet<Promise<void>>,
  def: Pick<ConsumerDef<unknown>, "concurrency" | "ackWaitMs">,
  waiting: JsMsg,
): Promise<void> {
  if (inFlight.size < def.concurrency) return;
  const keepAlive = setInterval(() => waiting.working(), Math.max(1_000, Math.floor(def.ackWaitMs / 3)));
  try {
    while (inFlight.size >= def.concurrency) await Promise.race(inFlight);
  } finally {
    clearInterval(keepAlive);
  }
}

/** The handler's view of a delivery; its logger is made when first used. */
export function messageContext(msg: JsMsg, log: Logger, received: ReceivedPart): MessageContext {
  let messageLog: Logger | undefined;
  const deliveryCount = msg.info.deliveryCount;
  return {
    deliveryCount,
    json: received.json,
    strict: received.strict,
    streamSequence: msg.seq,
    working: () => msg.working(),
    // Made when first used: most messages log nothing, and a pino child per message is a measurable share.
    get logger() {
      messageLog ??= log.child({ seq: msg.seq, delivery: deliveryCount });
      return messageLog;
    },
  };
}

/**
 * What a failed handling of `msg` leads to: dead-lettered (PermanentError, its last delivery) or nak'ed with the
 * catalog's retry delay (or the RetryLaterError's own).
 */
export async function settleFailure(
  js: JetStreamClient,
  def: ConsumerDef<unknown>,
  msg: JsMsg,
  error: unknown,
  ctx: MessageContext,
  log: Logger,
): Promise<void> {
  const deliveryCount = ctx.deliveryCount;
  if (error instanceof PermanentError || deliveryCount >= def.maxDeliver) {
    await deadLetter(js, def, msg, (error as Error).message, log);
    return;
  }
  const delay =
    error instanceof RetryLaterError
      ? error.delayMs
      : (def.retryDelaysMs[Math.min(deliveryCount - 1, def.retryDelaysMs.length - 1)] ?? 1000);
  if (error instanceof RetryLaterError) ctx.logger.info({ delay, reason: error.message }, "retry later");
  else ctx.logger.warn({ err: error, delay }, "handler failed; will retry");
  msg.nak(delay);
}

export async function deadLetter(
  js: JetStreamClient,
  def: ConsumerDef<unknown>,
  msg: JsMsg,
  reason: string,
  logger: Logger,
): Promise<void> {
  try {
    await publishDeadLetter(js, def, {
      subject: msg.subject,
      streamSequence: msg.seq,
      deliveries: msg.info.deliveryCount,
      error: reason,
      payload: msg.string(),
    });
    logger.error({ seq: msg.seq, reason }, "message dead-lettered");
    msg.term(reason);
  } catch (error) {
    // Could not park it: leave it to be redelivered rather than lose it (after the last delivery, the
    // max-deliveries advisory parks it).
    logger.error({ err: error, seq: msg.seq }, "dead-letter publish failed");
    msg.nak(5_000);
  }
}
