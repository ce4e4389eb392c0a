import { type NatsServerHandle, startNatsServer } from "@einvoice/testkit";
import type { Msg, NatsConnection } from "@nats-io/transport-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectCoalescing } from "./coalescing-transport.js";

describe("connectCoalescing", () => {
  let nats: NatsServerHandle;
  let receiver: NatsConnection;

  beforeAll(async () => {
    nats = await startNatsServer();
    receiver = await connectCoalescing({ servers: nats.url });
  });

  afterAll(async () => {
    await receiver?.close();
    await nats?.stop();
  });

  it("should deliver every message of a turn, in order, whether written in one turn or across turns", async () => {
    const received: string[] = [];
    const all = new Promise<void>((resolve) => {
      receiver.subscribe("coalesce.order", {
        callback: (_error, msg: Msg) => {
          received.push(msg.string());
          if (received.length === 300) resolve();
        },
      });
    });
    await receiver.flush();
    const sender = await connectCoalescing({ servers: nats.url });
    for (let i = 0; i < 100; i++) sender.publish("coalesce.order", `${i}`);
    for (let i = 100; i < 200; i++) {
      sender.publish("coalesce.order", `${i}`);
      await Promise.resolve();
    }
    for (let i = 200; i < 300; i++) {
      sender.publish("coalesce.order", `${i}`);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await sender.flush();
    await all;
    expect(received).toEqual(Array.from({ length: 300 }, (_, i) => `${i}`));
    await sender.close();
  });

  it("should write what the socket holds when the connection closes in the same turn, as a plain socket would", async () => {
    const got: string[] = [];
    receiver.subscribe("coalesce.closing", {
      callback: (_error, msg: Msg) => {
        got.push(msg.string());
      },
    });
    await receiver.flush();
    const sender = await connectCoalescing({ servers: nats.url });
    for (let i = 0; i < 5; i++) sender.publish("coalesce.closing", `${i}`);
    // nats.js hands its buffer to the transport at a microtask checkpoint (its close alone flushes nothing).
    for (let i = 0; i < 5; i++) await Promise.resolve();
    await sender.close();
    await expect.poll(() => got, { timeout: 2_000 }).toEqual(["0", "1", "2", "3", "4"]);
  });

  it("should answer requests and deliver what is still held when the connection drains", async () => {
    receiver.subscribe("coalesce.echo", {
      callback: (_error, msg: Msg) => {
        msg.respond(msg.data);
      },
    });
    const got: string[] = [];
    receiver.subscribe("coalesce.last", {
      callback: (_error, msg: Msg) => {
        got.push(msg.string());
      },
    });
    await receiver.flush();
    const sender = await connectCoalescing({ servers: nats.url });
    const answer = await sender.request("coalesce.echo", "ping", { timeout: 2_000 });
    expect(answer.string()).toBe("ping");
    sender.publish("coalesce.last", "bye");
    await sender.drain();
    await receiver.flush();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(got).toEqual(["bye"]);
  });
});
