import type { Logger } from "@einvoice/platform";
import { JetStreamApiError } from "@nats-io/jetstream";
import type { Broker } from "./broker.js";
import type { ConsumerDef } from "./catalog.js";
import { type MessageContext, type RunningConsumer, startConsumer } from "./consume.js";

export interface DrainOptions {
  /** How often the consumer's pending counts are read, in milliseconds. Default 5,000. */
  checkEveryMs?: number;
}

/**
 * Reads what is left on a consumer of the catalog's `drainedConsumers` (its subject moved), with the handler the
 * service had for it, then deletes it once nothing is pending or unacknowledged: an upgrade loses none of the
 * messages published before it. Nothing to do where the consumer does not exist (a new install, or drained).
 */
export async function drainConsumer<T>(
  broker: Pick<Broker, "js" | "jsm">,
  def: ConsumerDef<T>,
  handler: (payload: T, ctx: MessageContext) => Promise<void>,
  logger: Logger,
  options: DrainOptions = {},
): Promise<RunningConsumer & { readonly drained: Promise<void> }> {
  const isNotFound = (error: unknown) => error instanceof JetStreamApiError && error.status === 404;
  const left = await broker.jsm.consumers.info(def.stream.name, def.durable).catch((error: unknown) => {
    if (isNotFound(error)) return undefined;
    throw error;
  });
  if (!left) return { stop: async () => {}, drained: Promise.resolve() };
  logger.info(
    { consumer: def.durable, pending: left.num_pending, unacknowledged: left.num_ack_pending },
    "draining a retired consumer",
  );
  const running = await startConsumer(broker.js, def, handler, logger);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let finish: () => void = () => {};
  const drained = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const check = async () => {
    timer = undefined;
    try {
      const info = await broker.jsm.consumers.info(def.stream.name, def.durable);
      if (stopped) return;
      if (info.num_pending === 0 && info.num_ack_pending === 0) {
        stopped = true;
        await running.stop();
        await broker.jsm.consumers.delete(def.stream.name, def.durable);
        logger.info({ consumer: def.durable }, "retired consumer drained and deleted");
        finish();
        return;
      }
    } catch (error) {
      // Another replica deleted it first: done. Any other failure is tried again at the next check.
      if (isNotFound(error)) {
        stopped = true;
        await running.stop();
        finish();
        return;
      }
      logger.warn({ consumer: def.durable, err: error }, "checking a retired consumer failed");
    }
    if (!stopped) timer = setTimeout(check, options.checkEveryMs ?? 5_000);
  };
  timer = setTimeout(check, options.checkEveryMs ?? 5_000);
  return {
    drained,
    stop: async () => {
      if (timer) clearTimeout(timer);
      if (stopped) return;
      stopped = true;
      await running.stop();
    },
  };
}
