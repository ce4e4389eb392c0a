import type { Logger } from "@einvoice/platform";
import type { ConsumerInfo } from "@nats-io/jetstream";
import { type Broker, isNotFound } from "./broker.js";
import type { ConsumerDef } from "./catalog.js";
import { type MessageContext, type RunningConsumer, startConsumer } from "./consume.js";

export interface DrainOptions {
  /** How often the consumer's pending counts are read, in milliseconds. Default 5,000. */
  checkEveryMs?: number;
}

const nothingToDrain = { stop: async () => {}, drained: Promise.resolve() };

/** The consumer is gone (never made, or deleted by another replica): nothing to drain. */
function undefinedWhenGone(error: unknown): undefined {
  if (isNotFound(error)) return undefined;
  throw error;
}

/**
 * Reads what is left on a consumer of the catalog's `drainedConsumers` (its subject moved), with the handler the
 * service had for it, then deletes it once everything the stream held when the drain began is handled: an upgrade
 * loses none of the messages published before it. Messages published on the old subject after that (by a service
 * not yet upgraded) are not read: the publishers move first (docs/architecture.md). Nothing to do where the
 * consumer does not exist (a new install, drained, or another replica deleted it first).
 */
export async function drainConsumer<T>(
  broker: Pick<Broker, "js" | "jsm">,
  def: ConsumerDef<T>,
  handler: (payload: T, ctx: MessageContext) => Promise<void>,
  logger: Logger,
  options: DrainOptions = {},
): Promise<RunningConsumer & { readonly drained: Promise<void> }> {
  const checkEveryMs = options.checkEveryMs ?? 5_000;
  const consumerInfo = () => broker.jsm.consumers.info(def.stream.name, def.durable);
  const left = await consumerInfo().catch(undefinedWhenGone);
  if (!left) return nothingToDrain;
  // Drained once every message the stream held at the start is acknowledged: nothing pending or unacknowledged, or
  // (under steady traffic on the old subject, where the consumer is seldom empty at a check) its acknowledged floor
  // at or past the stream's last message at the start. What comes later on the old subject is not waited for.
  const lastAtStart = (await broker.jsm.streams.info(def.stream.name)).state.last_seq;
  const handled = (info: ConsumerInfo) =>
    (info.num_pending === 0 && info.num_ack_pending === 0) || info.ack_floor.stream_seq >= lastAtStart;
  // Another replica may delete it between the two reads.
  let running: RunningConsumer | undefined = await startConsumer(broker.js, def, handler, logger).catch(
    undefinedWhenGone,
  );
  if (!running) return nothingToDrain;
  logger.info(
    { consumer: def.durable, pending: left.num_pending, unacknowledged: left.num_ack_pending },
    "draining a retired consumer",
  );
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let finish: () => void = () => {};
  const drained = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const done = () => {
    stopped = true;
    finish();
  };
  const check = async () => {
    timer = undefined;
    try {
      if (running) {
        if (!handled(await consumerInfo()) || stopped) return;
        await running.stop();
        running = undefined;
      }
      await broker.jsm.consumers.delete(def.stream.name, def.durable);
      logger.info({ consumer: def.durable }, "retired consumer drained and deleted");
      done();
    } catch (error) {
      if (isNotFound(error)) {
        await running?.stop();
        running = undefined;
        return done();
      }
      // Tried again at the next check (a failed delete included).
      logger.warn({ consumer: def.durable, err: error }, "draining a retired consumer failed");
    } finally {
      if (!stopped) timer = setTimeout(check, checkEveryMs);
    }
  };
  timer = setTimeout(check, checkEveryMs);
  return {
    drained,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.stop();
    },
  };
}
