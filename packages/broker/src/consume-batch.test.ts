import { createLogger } from "@einvoice/platform";
import { describe, expect, it } from "vitest";
import { brokerOnNats } from "../test-support/broker-on-nats.js";
import { type Probe, probePayload } from "../test-support/probe-payload.js";
import { ensureConsumer } from "./broker.js";
import { type ConsumerDef, streams } from "./catalog.js";
import { startBatchConsumer } from "./consume-batch.js";
import { publish } from "./publish.js";

const logger = createLogger("broker-batch-test", "silent");

function probe(name: string) {
  const subject = {
    subject: `documents.batch-probe-${name}`,
    stream: streams.documents,
    payload: probePayload,
  };
  const def: ConsumerDef<Probe> = {
    durable: `batch-probe-${name}`,
    stream: streams.documents,
    filterSubject: subject.subject,
    payload: probePayload,
    ackWaitMs: 5_000,
    maxDeliver: 5,
    retryDelaysMs: [50],
    concurrency: 1,
  };
  return { subject, def };
}

async function until(check: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("startBatchConsumer", () => {
  const nats = brokerOnNats("broker-batch-test");

  it("should hand over the messages already waiting together, never more than maxBatch", async () => {
    const { subject, def } = probe("together");
    await ensureConsumer(nats.broker.jsm, def);
    for (let n = 1; n <= 7; n++) await publish(nats.broker.js, subject, { n }, { msgId: `together-${n}` });
    const batches: number[][] = [];
    const running = await startBatchConsumer(
      nats.broker.js,
      def,
      async (items) => {
        batches.push(items.map((item) => item.payload.n));
        return items.map(() => undefined);
      },
      { maxBatch: 3 },
      logger,
    );
    await until(() => batches.flat().length >= 7);
    await running.stop();
    expect(batches.flat().sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(Math.max(...batches.map((b) => b.length))).toBe(3);
    expect(batches.length).toBeLessThan(7);
  });

  it("should retry only the items whose outcome is an error, and a thrown batch as a whole", async () => {
    const { subject, def } = probe("outcomes");
    await ensureConsumer(nats.broker.jsm, def);
    const deliveries = new Map<number, number[]>();
    let thrown = false;
    const running = await startBatchConsumer(
      nats.broker.js,
      def,
      async (items) => {
        for (const { payload, ctx } of items)
          deliveries.set(payload.n, [...(deliveries.get(payload.n) ?? []), ctx.deliveryCount]);
        if (!thrown && items.some((item) => item.payload.n === 3)) {
          thrown = true;
          throw new Error("the store is away");
        }
        return items.map((item) =>
          item.payload.n === 2 && item.ctx.deliveryCount < 3 ? new Error("not yet") : undefined,
        );
      },
      { maxBatch: 4 },
      logger,
    );
    for (let n = 1; n <= 3; n++) await publish(nats.broker.js, subject, { n }, { msgId: `outcomes-${n}` });
    await until(() => (deliveries.get(2)?.length ?? 0) >= 3 && (deliveries.get(3)?.length ?? 0) >= 2);
    await new Promise((r) => setTimeout(r, 300));
    await running.stop();
    expect(deliveries.get(2)).toEqual([1, 2, 3]);
    expect(deliveries.get(3)).toEqual([1, 2]);
    // 1 was acked at once unless it shared the batch that threw.
    expect(deliveries.get(1)?.length).toBeLessThanOrEqual(2);
  });
});
