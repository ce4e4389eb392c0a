import { randomBytes } from "node:crypto";
import { RetentionPolicy, StorageType } from "@nats-io/jetstream";
import { nanos } from "@nats-io/transport-node";
import { type Broker, ensureConsumer, isNotFound } from "./broker.js";
import type { ConsumerDef } from "./catalog.js";
import { publish } from "./publish.js";

/** Long enough for any boot; a rehearsal that dies before deleting its stream leaves nothing older behind. */
const LEFTOVER_MAX_AGE_MS = 10 * 60_000;

/** How often `drained` asks the server whether a consumer has acked everything, in milliseconds. */
const DRAIN_POLL_MS = 20;

/**
 * A private, throwaway JetStream stream for a boot rehearsal: memory storage, a name and subjects of its own
 * (`REHEARSAL_<service>_<random>`, `rehearsal.<random>.>`), so no real stream, subject or consumer sees what a
 * rehearsal publishes; `close` deletes it with its consumers. `consumer` gives a catalog consumer's twin on it, which
 * the real consumer code (startConsumer, startBatchConsumer) runs as it runs the real one.
 */
export class RehearsalStream {
  private constructor(
    private readonly broker: Broker,
    readonly name: string,
    private readonly prefix: string,
  ) {}

  static async open(broker: Broker, service: string): Promise<RehearsalStream> {
    const id = randomBytes(6).toString("hex");
    const name = `REHEARSAL_${service.replace(/[^A-Za-z0-9]/g, "_")}_${id}`;
    const prefix = `rehearsal.${id}`;
    await broker.jsm.streams.add({
      name,
      subjects: [`${prefix}.>`],
      retention: RetentionPolicy.Limits,
      storage: StorageType.Memory,
      num_replicas: 1,
      max_age: nanos(LEFTOVER_MAX_AGE_MS),
    });
    return new RehearsalStream(broker, name, prefix);
  }

  /** The twin of `def` on this stream (its durable created): same payload, delivery policy and concurrency. */
  async consumer<T>(def: ConsumerDef<T>): Promise<ConsumerDef<T>> {
    const twin: ConsumerDef<T> = {
      ...def,
      durable: `rehearsal-${def.durable}`,
      stream: {
        name: this.name,
        subjects: [`${this.prefix}.>`],
        maxAgeMs: LEFTOVER_MAX_AGE_MS,
        duplicateWindowMs: 0,
      },
      filterSubject: `${this.prefix}.${def.filterSubject}`,
    };
    await ensureConsumer(this.broker.jsm, twin);
    return twin;
  }

  /** Publishes each payload to the twin's subject through the real publish path. */
  async publish<T>(twin: ConsumerDef<T>, payloads: readonly T[]): Promise<void> {
    await Promise.all(
      payloads.map((payload, i) =>
        publish(this.broker.js, { subject: twin.filterSubject, payload: twin.payload }, payload, {
          msgId: `${twin.durable}-${i}`,
        }),
      ),
    );
  }

  /** Resolves once the twin has every message of its subject acked; throws when `signal` aborts first. */
  async drained(twin: ConsumerDef<unknown>, signal: AbortSignal): Promise<void> {
    for (;;) {
      signal.throwIfAborted();
      const info = await this.broker.jsm.consumers.info(this.name, twin.durable);
      if (info.num_pending === 0 && info.num_ack_pending === 0) return;
      await new Promise((resolve) => setTimeout(resolve, DRAIN_POLL_MS));
    }
  }

  /**
   * The broker as the rehearsal's own code sees it: every publish (an outbox relay's, a dead letter) goes to this
   * stream's twin of its subject instead of the real one; closing it leaves the real connection open.
   */
  redirected(): Broker {
    const { js } = this.broker;
    const prefix = this.prefix;
    const redirectedJs = new Proxy(js, {
      get(target, property) {
        if (property === "publish")
          return (
            subject: string,
            ...rest: Parameters<typeof js.publish> extends [string, ...infer R] ? R : never
          ) => target.publish(`${prefix}.${subject}`, ...rest);
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    return { ...this.broker, js: redirectedJs, close: async () => undefined };
  }

  /** Deletes the stream and its consumers. */
  async close(): Promise<void> {
    await this.broker.jsm.streams.delete(this.name).catch((error: unknown) => {
      if (!isNotFound(error)) throw error;
    });
  }
}
