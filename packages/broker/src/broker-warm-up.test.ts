import { describe, expect, it } from "vitest";
import { brokerOnNats } from "../test-support/broker-on-nats.js";
import { warmUpBroker } from "./broker-warm-up.js";

describe("warmUpBroker", () => {
  const nats = brokerOnNats("broker-warm-up-test");

  it("makes its round trips over the connection, in windows and a last partial one", async () => {
    const { nc } = nats.broker;
    const before = nc.stats();
    expect(await warmUpBroker(nc, 37)).toBe(37);
    const after = nc.stats();
    // Requester and responder share the connection: each round trip sends the request and its answer, and receives both.
    expect(after.outMsgs - before.outMsgs).toBe(2 * 37);
    expect(after.inMsgs - before.inMsgs).toBe(2 * 37);
  });

  it("stores nothing: no stream sees the warm-up's subject", async () => {
    const { jsm, nc } = nats.broker;
    const messagesIn = async () => {
      let total = 0;
      for await (const stream of jsm.streams.list()) total += stream.state.messages;
      return total;
    };
    const before = await messagesIn();
    await warmUpBroker(nc, 16);
    expect(await messagesIn()).toBe(before);
  });
});
