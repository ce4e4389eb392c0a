import { createLogger } from "@einvoice/platform";
import { describe, expect, it } from "vitest";
import { brokerOnNats } from "../test-support/broker-on-nats.js";
import { type Probe, probePayload } from "../test-support/probe-payload.js";
import { ensureConsumer } from "./broker.js";
import { type ConsumerDef, streams } from "./catalog.js";
import { startConsumer } from "./consume.js";
import { type DeadLetter, deadLetterSubject } from "./dead-letter.js";
import { MAX_DELIVERIES_REASON, maxDeliveriesAdvisorySubject } from "./dead-letter-advisories.js";
import { publish } from "./publish.js";

const logger = createLogger("broker-test", "silent");

/** Each test has its own subject, so a consumer (deliver policy all) sees only its test's messages. */
function probe(durable: string) {
  return { subject: `documents.advisory-probe.${durable}`, stream: streams.documents, payload: probePayload };
}

function probeConsumer(durable: string): ConsumerDef<Probe> {
  return {
    durable,
    stream: streams.documents,
    filterSubject: probe(durable).subject,
    payload: probePayload,
    ackWaitMs: 500,
    maxDeliver: 2,
    retryDelaysMs: [50],
    concurrency: 2,
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await sleep(50);
  }
}

describe("dead letters from max-deliveries advisories", () => {
  const nats = brokerOnNats("broker-advisory-test");

  /** Dead letters stored for a consumer, oldest first. */
  async function deadLetters(durable: string): Promise<DeadLetter[]> {
    const subject = deadLetterSubject({ durable });
    const info = await nats.broker.jsm.streams.info(streams.deadLetters.name, { subjects_filter: subject });
    const letters: DeadLetter[] = [];
    for (let seq = info.state.first_seq; seq > 0 && seq <= info.state.last_seq; seq++) {
      const stored = await nats.broker.jsm.streams
        .getMessage(streams.deadLetters.name, { seq })
        .catch(() => null);
      if (stored?.subject === subject) letters.push(stored.json<DeadLetter>());
    }
    return letters;
  }

  it("should dead-letter once a message whose deliveries all hung past ack-wait, across replicas", async () => {
    const def = probeConsumer("probe-hang");
    await ensureConsumer(nats.broker.jsm, def);
    const deliveries: number[] = [];
    let release!: () => void;
    const released = new Promise<void>((r) => {
      release = r;
    });
    const hang = async (_payload: { n: number }, ctx: { deliveryCount: number }) => {
      deliveries.push(ctx.deliveryCount);
      await released;
    };
    // Two replicas of the same durable: both receive the advisory.
    const replicas = [
      await startConsumer(nats.broker.js, def, hang, logger),
      await startConsumer(nats.broker.js, def, hang, logger),
    ];
    const pub = await publish(nats.broker.js, probe(def.durable), { n: 501 }, { msgId: "advisory-hang-1" });

    await until(async () => (await deadLetters(def.durable)).length > 0);
    await sleep(1_500); // room for a duplicate to show up
    const letters = await deadLetters(def.durable);
    release();
    await Promise.all(replicas.map((r) => r.stop()));

    expect(deliveries).toEqual([1, 2]);
    expect(letters).toHaveLength(1);
    expect(letters[0]).toMatchObject({
      consumer: def.durable,
      subject: def.filterSubject,
      stream_sequence: pub.seq,
      deliveries: 2,
      error: MAX_DELIVERIES_REASON,
    });
    expect(JSON.parse(letters[0]!.payload)).toEqual({ n: 501 });
  });

  it("should write one dead letter when the handler fails its last delivery after ack-wait ran out", async () => {
    const def = probeConsumer("probe-race");
    await ensureConsumer(nats.broker.jsm, def);
    let finished = false;
    const running = await startConsumer(
      nats.broker.js,
      def,
      async (_payload, ctx) => {
        if (ctx.deliveryCount < def.maxDeliver) throw new Error("transient");
        await sleep(def.ackWaitMs * 4); // the advisory fires while this delivery is still running
        finished = true;
        throw new Error("late failure");
      },
      logger,
    );
    const pub = await publish(nats.broker.js, probe(def.durable), { n: 502 }, { msgId: "advisory-race-1" });

    await until(() => finished);
    await running.stop(); // waits for the handler path's dead-letter publish
    const letters = await deadLetters(def.durable);

    expect(letters).toHaveLength(1);
    expect(letters[0]).toMatchObject({ stream_sequence: pub.seq, error: MAX_DELIVERIES_REASON });
    expect(JSON.parse(letters[0]!.payload)).toEqual({ n: 502 });
  });

  it("should ignore an advisory for a message the handler already dead-lettered", async () => {
    const def = probeConsumer("probe-handled");
    await ensureConsumer(nats.broker.jsm, def);
    const running = await startConsumer(
      nats.broker.js,
      def,
      async () => {
        throw new Error("always fails");
      },
      logger,
    );
    const pub = await publish(
      nats.broker.js,
      probe(def.durable),
      { n: 503 },
      { msgId: "advisory-handled-1" },
    );
    await until(async () => (await deadLetters(def.durable)).length > 0);

    // The same advisory the server would send for that sequence.
    nats.broker.nc.publish(
      maxDeliveriesAdvisorySubject(def),
      JSON.stringify({
        type: "io.nats.jetstream.advisory.v1.max_deliver",
        stream: def.stream.name,
        consumer: def.durable,
        stream_seq: pub.seq,
        deliveries: def.maxDeliver,
      }),
    );
    await nats.broker.nc.flush();
    await sleep(500);
    await running.stop();
    const letters = await deadLetters(def.durable);

    expect(letters).toHaveLength(1);
    expect(letters[0]).toMatchObject({ stream_sequence: pub.seq, deliveries: 2, error: "always fails" });
  });
});
