import { type Broker, connectBroker, ensureTopology, RehearsalStream, streams } from "@einvoice/broker";
import { createLogger } from "@einvoice/platform";
import { type NatsServerHandle, startNatsServer } from "@einvoice/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rehearseNumbering } from "./rehearsal.js";

const logger = createLogger("numbering-rehearsal-test", "silent");
const options = {
  documents: 20,
  filesBaseUrl: "http://files",
  outboxPollMs: 500,
  renderedBatchSize: 4,
  verdictBatchSize: 4,
};

describe("rehearseNumbering", () => {
  let nats: NatsServerHandle;
  let broker: Broker;
  beforeAll(async () => {
    nats = await startNatsServer();
    broker = await connectBroker({ url: nats.url, name: "numbering-rehearsal-test" });
    await ensureTopology(broker.jsm, []);
  });
  afterAll(async () => {
    await broker.close();
    await nats.stop();
  });

  const streamNames = async () => (await broker.jsm.streams.names().next()).sort();
  const messagesIn = async (name: string) => (await broker.jsm.streams.info(name)).state.messages;

  it("takes every document the whole way on its own stream, and leaves no stream or message behind", async () => {
    const before = await streamNames();
    const stream = await RehearsalStream.open(broker, "numbering");
    let done: number;
    try {
      done = await rehearseNumbering(stream, options, logger, new AbortController().signal);
      // Issued, state and the inbound rendered and verdict messages all went to the rehearsal's own stream.
      expect(await messagesIn(stream.name)).toBeGreaterThanOrEqual(options.documents * 3);
    } finally {
      await stream.close();
    }
    expect(done).toBe(options.documents);
    expect(await streamNames()).toEqual(before);
    for (const real of Object.values(streams)) expect(await messagesIn(real.name)).toBe(0);
  });

  it("stops when its signal aborts", async () => {
    const stream = await RehearsalStream.open(broker, "numbering");
    try {
      await expect(rehearseNumbering(stream, options, logger, AbortSignal.abort())).rejects.toThrow();
    } finally {
      await stream.close();
    }
  });
});
