import { createLogger } from "@einvoice/platform";
import { describe, expect, it } from "vitest";
import { brokerOnNats } from "../test-support/broker-on-nats.js";
import { type Probe, probePayload } from "../test-support/probe-payload.js";
import { ensureConsumer } from "./broker.js";
import { type ConsumerDef, streams } from "./catalog.js";
import { drainConsumer } from "./drain-consumer.js";
import { publish } from "./publish.js";

const logger = createLogger("broker-test", "silent");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Each test has its own subject, so its consumer (deliver policy all) sees only its own messages. */
function retired(durable: string): ConsumerDef<Probe> {
  return {
    durable,
    stream: streams.documents,
    filterSubject: `documents.drain-probe.${durable}`,
    payload: probePayload,
    ackWaitMs: 2_000,
    maxDeliver: 3,
    retryDelaysMs: [50],
    concurrency: 2,
  };
}

describe("drainConsumer", () => {
  const nats = brokerOnNats("drain-test");

  const send = (def: ConsumerDef<Probe>, n: number) =>
    publish(
      nats.broker.js,
      { subject: def.filterSubject, payload: def.payload },
      { n },
      { msgId: `${def.durable}:${n}` },
    );
  const exists = (def: ConsumerDef<Probe>) =>
    nats.broker.jsm.consumers.info(def.stream.name, def.durable).then(
      () => true,
      () => false,
    );

  it("does nothing where the consumer does not exist (a new install, or drained before)", async () => {
    const def = retired("drain-absent");
    const draining = await drainConsumer(nats.broker, def, async () => {}, logger, { checkEveryMs: 20 });
    await draining.drained;
    expect(await exists(def)).toBe(false);
  });

  it("handles every message left on the consumer, then deletes it", async () => {
    const def = retired("drain-left");
    await ensureConsumer(nats.broker.jsm, def);
    for (let n = 1; n <= 5; n++) await send(def, n);
    const handled: number[] = [];
    const draining = await drainConsumer(nats.broker, def, async (p) => void handled.push(p.n), logger, {
      checkEveryMs: 20,
    });
    await draining.drained;
    expect(handled.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
    expect(await exists(def)).toBe(false);
    await draining.stop();
  });

  it("finishes under steady traffic on the old subject once what was there at the start is handled", async () => {
    const def = retired("drain-busy");
    await ensureConsumer(nats.broker.jsm, def);
    for (let n = 1; n <= 5; n++) await send(def, n);
    // Slow handlers and a publisher that never pauses: the consumer is never empty at a check.
    let next = 6;
    let publishing = true;
    const publisher = (async () => {
      while (publishing) {
        await send(def, next++);
        await sleep(5);
      }
    })();
    const handled = new Set<number>();
    const draining = await drainConsumer(
      nats.broker,
      def,
      async (p) => {
        await sleep(15);
        handled.add(p.n);
      },
      logger,
      { checkEveryMs: 30 },
    );
    try {
      await draining.drained;
      for (let n = 1; n <= 5; n++) expect(handled.has(n)).toBe(true);
      expect(await exists(def)).toBe(false);
    } finally {
      publishing = false;
      await publisher;
      await draining.stop();
    }
  });

  it("stops when another replica deleted the consumer first, once the handling it had in flight ends", async () => {
    const def = retired("drain-raced");
    await ensureConsumer(nats.broker.jsm, def);
    await send(def, 1);
    // The message is in this replica's handler when the other replica deletes the consumer: stopping waits for that
    // handling (a service's handlers end by their deadlines), then the drain is over.
    const handling = Promise.withResolvers<void>();
    const gate = Promise.withResolvers<void>();
    const draining = await drainConsumer(
      nats.broker,
      def,
      async () => {
        handling.resolve();
        await gate.promise;
      },
      logger,
      { checkEveryMs: 20 },
    );
    await handling.promise;
    await nats.broker.jsm.consumers.delete(def.stream.name, def.durable);
    await sleep(60);
    gate.resolve();
    await draining.drained;
    await draining.stop();
    expect(await exists(def)).toBe(false);
  });
});
