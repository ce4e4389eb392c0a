import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { create } from "@bufbuild/protobuf";
import { type Event, EventSchema } from "@einvoice/proto";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { OpenedEventStream } from "../usecases/open-event-stream.js";
import { type ServerSentEventsOptions, writeServerSentEvents } from "./server-sent-events.js";

const event = (id: string) => create(EventSchema, { id, type: "document.accepted" });

/** An opened stream of these events, then `end` (done, or the stream service failing); it records `return`. */
function openedStream(events: Event[], end: "done" | Error = "done") {
  const queue = [...events];
  const stream = {
    returned: false,
    opened: {
      position: "pos_1",
      events: {
        next: async (): Promise<IteratorResult<Event>> => {
          const value = queue.shift();
          if (value) return { done: false, value };
          if (end instanceof Error) throw end;
          return { done: true, value: undefined };
        },
        return: async (): Promise<IteratorResult<Event>> => {
          stream.returned = true;
          return { done: true, value: undefined };
        },
      },
    } satisfies OpenedEventStream,
  };
  return stream;
}

let server: Server | undefined;
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

/** Serves one response written by writeServerSentEvents and reads it whole. */
async function served(opened: OpenedEventStream, options: Partial<ServerSentEventsOptions> = {}) {
  const warn = vi.fn();
  server = createServer((_req, res) =>
    writeServerSentEvents({ res }, opened, new AbortController(), {
      heartbeatMs: 60_000,
      maxBufferedBytes: 1 << 20,
      retryMs: 3000,
      headers: { "Cache-Control": "no-store" },
      present: (e) => ({ id: e.id, presented: true }),
      logger: { warn },
      name: "test stream",
      ...options,
    }),
  );
  await new Promise<void>((listening) => server!.listen(0, "127.0.0.1", listening));
  const { port } = server.address() as AddressInfo;
  const res = await fetch(`http://127.0.0.1:${port}/`);
  return { res, text: await res.text(), warn };
}

describe("writeServerSentEvents", () => {
  it("should send the resume point, then each event as its presented JSON, and end with the stream", async () => {
    const stream = openedStream([event("evt_1"), event("evt_2")]);
    const { res, text, warn } = await served(stream.opened);
    expect(res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(text).toBe(
      "retry: 3000\nid: pos_1\n\n" +
        'id: evt_1\nevent: document.accepted\ndata: {"id":"evt_1","presented":true}\n\n' +
        'id: evt_2\nevent: document.accepted\ndata: {"id":"evt_2","presented":true}\n\n',
    );
    expect(stream.returned).toBe(true);
    expect(warn).not.toHaveBeenCalled();
  });

  it("should cut a client that leaves more than maxBufferedBytes unread, telling it why", async () => {
    const stream = openedStream([event("evt_1"), event("evt_2")]);
    // -1: every byte written counts as unread.
    const { text } = await served(stream.opened, { maxBufferedBytes: -1 });
    const messages = text.split("\n\n").filter(Boolean);
    expect(messages).toHaveLength(3);
    expect(messages[1]).toContain("id: evt_1");
    expect(messages[2]).toMatch(/^event: error\ndata: \{"code":"slow_consumer",/);
    expect(stream.returned).toBe(true);
  });

  it("should end the response and log with the stream's name when the stream service goes away", async () => {
    const stream = openedStream([event("evt_1")], new Error("stream service gone"));
    const { text, warn } = await served(stream.opened);
    expect(text).toContain("id: evt_1\n");
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ stream: "test stream" }),
      "test stream interrupted",
    );
  });
});
