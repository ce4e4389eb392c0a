import { createLogger } from "@einvoice/platform";
import { describe, expect, it } from "vitest";
import { brokerOnNats } from "../test-support/broker-on-nats.js";
import { type Probe, probePayload } from "../test-support/probe-payload.js";
import { ensureConsumer, ensureTopology } from "./broker.js";
import { type ConsumerDef, retiredConsumers, streams, subjects } from "./catalog.js";
import { PermanentError, startConsumer } from "./consume.js";
import { publish } from "./publish.js";

const logger = createLogger("broker-test", "silent");
const testSubject = {
  subject: "documents.test-probe",
  stream: streams.documents,
  payload: probePayload,
};

function probeConsumer(durable: string, maxDeliver: number): ConsumerDef<Probe> {
  return {
    durable,
    stream: streams.documents,
    filterSubject: testSubject.subject,
    payload: probePayload,
    ackWaitMs: 5_000,
    maxDeliver,
    retryDelaysMs: [50],
    concurrency: 2,
  };
}

async function until(check: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("JetStream seams", () => {
  const nats = brokerOnNats("broker-test");

  it("should drop a republish with the same Nats-Msg-Id", async () => {
    const first = await publish(nats.broker.js, testSubject, { n: 1 }, { msgId: "probe-dup" });
    const second = await publish(nats.broker.js, testSubject, { n: 1 }, { msgId: "probe-dup" });
    expect(first.duplicate).toBe(false);
    expect(second.duplicate).toBe(true);
    expect(second.seq).toBe(first.seq);
  });

  it("should delete a retired durable consumer at the next ensureTopology, and not mind one already gone", async () => {
    const [retired] = retiredConsumers;
    if (!retired) throw new Error("the catalog retires no consumer; this test needs one");
    await ensureConsumer(nats.broker.jsm, {
      ...probeConsumer(retired.durable, 1),
      stream: streams.documents,
    });
    expect((await nats.broker.jsm.consumers.info(retired.stream, retired.durable)).name).toBe(
      retired.durable,
    );
    await ensureTopology(nats.broker.jsm, []);
    await expect(nats.broker.jsm.consumers.info(retired.stream, retired.durable)).rejects.toThrow();
    await ensureTopology(nats.broker.jsm, []);
  });

  it("should refuse to publish a payload that breaks the subject's schema", async () => {
    await expect(
      publish(nats.broker.js, testSubject, { n: "x" } as unknown as { n: number }, { msgId: "probe-bad" }),
    ).rejects.toThrow();
  });

  it("should retry a failing handler and then succeed", async () => {
    const def = probeConsumer("probe-retry", 5);
    await ensureConsumer(nats.broker.jsm, def);
    const seen: number[] = [];
    const running = await startConsumer(
      nats.broker.js,
      def,
      async (payload, ctx) => {
        if (payload.n !== 2) return;
        seen.push(ctx.deliveryCount);
        if (ctx.deliveryCount < 3) throw new Error("transient");
      },
      logger,
    );
    await publish(nats.broker.js, testSubject, { n: 2 }, { msgId: "probe-retry-1" });
    await until(() => seen.length >= 3);
    await running.stop();
    expect(seen).toEqual([1, 2, 3]);
  });

  it("should dead-letter a message after its last delivery, keeping the payload", async () => {
    const def = probeConsumer("probe-dead", 2);
    await ensureConsumer(nats.broker.jsm, def);
    const running = await startConsumer(
      nats.broker.js,
      def,
      async (payload) => {
        if (payload.n === 99) throw new Error("always fails");
      },
      logger,
    );
    await publish(nats.broker.js, testSubject, { n: 99 }, { msgId: "probe-dead-1" });
    const deadSubject = `${subjects.deadLetter.subject}.probe-dead`;
    let dead: { payload: string; deliveries: number; error: string } | undefined;
    const deadline = Date.now() + 10_000;
    while (!dead && Date.now() < deadline) {
      try {
        const stored = await nats.broker.jsm.streams.getMessage(streams.deadLetters.name, {
          last_by_subj: deadSubject,
        });
        dead = stored?.json();
      } catch {
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    await running.stop();
    expect(dead).toBeDefined();
    expect(JSON.parse(dead!.payload)).toEqual({ n: 99 });
    expect(dead!.deliveries).toBe(2);
    expect(dead!.error).toBe("always fails");
  });

  it("should dead-letter at once on PermanentError", async () => {
    const def = probeConsumer("probe-permanent", 5);
    await ensureConsumer(nats.broker.jsm, def);
    let calls = 0;
    const running = await startConsumer(
      nats.broker.js,
      def,
      async (payload) => {
        if (payload.n === 7) {
          calls++;
          throw new PermanentError("bad data");
        }
      },
      logger,
    );
    await publish(nats.broker.js, testSubject, { n: 7 }, { msgId: "probe-perm-1" });
    const deadSubject = `${subjects.deadLetter.subject}.probe-permanent`;
    const deadline = Date.now() + 10_000;
    let found = false;
    while (!found && Date.now() < deadline) {
      found = await nats.broker.jsm.streams
        .getMessage(streams.deadLetters.name, { last_by_subj: deadSubject })
        .then((m) => m !== null)
        .catch(() => false);
      if (!found) await new Promise((r) => setTimeout(r, 50));
    }
    await running.stop();
    expect(found).toBe(true);
    expect(calls).toBe(1);
  });

  it("should never run more handlers at once than the consumer's concurrency", async () => {
    const def = { ...probeConsumer("probe-bounded", 5), filterSubject: "documents.test-bounded" };
    await ensureConsumer(nats.broker.jsm, def);
    let inFlight = 0;
    let peak = 0;
    const seen = new Map<number, number>();
    const running = await startConsumer(
      nats.broker.js,
      def,
      async (payload) => {
        inFlight += 1;
        peak = Math.max(peak, inFlight);
        await new Promise((r) => setTimeout(r, 3));
        seen.set(payload.n, (seen.get(payload.n) ?? 0) + 1);
        inFlight -= 1;
      },
      logger,
    );
    const bounded = { ...testSubject, subject: "documents.test-bounded" };
    await Promise.all(
      Array.from({ length: 200 }, (_, n) =>
        publish(nats.broker.js, bounded, { n }, { msgId: `bounded-${n}` }),
      ),
    );
    await until(() => seen.size === 200, 20_000);
    await running.stop();
    expect(peak).toBeLessThanOrEqual(def.concurrency);
    expect(peak).toBe(def.concurrency);
    expect([...seen.values()].every((count) => count === 1)).toBe(true);
  });
});
