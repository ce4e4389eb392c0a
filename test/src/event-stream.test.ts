/**
 * GET /v1/events/stream with the clients others use (the `eventsource` package, raw fetch): live events, the first
 * id-only message, heartbeats, resuming with Last-Event-ID after a cut mid-burst with no gap or duplicate, many
 * clients, mode and company isolation, documented answers to ids it cannot resume from, slow clients cut, a
 * restart of the stream service, and no consumer left behind after many connections.
 */
import { join } from "node:path";
import {
  type ManagedProcess,
  REPO_ROOT,
  serviceNodeArgs,
  spawnLogged,
  stopProcess,
  waitUntilReady,
} from "@einvoice/launcher";
import { newId } from "@einvoice/platform";
import { freePort } from "@einvoice/testkit";
import { jetstreamManager } from "@nats-io/jetstream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootTestSystem, type TestSystem } from "./harness.js";
import {
  EventPublisher,
  openEventSource,
  type Received,
  readFrames,
  stalledStream,
} from "./support/event-stream-tools.js";
import { eventually } from "./support/simulator-control.js";

const invoice = {
  series: "F001",
  customer: { document_type: "6", document_number: "20100070970", name: "CLIENTE STREAM SAC" },
  items: [{ description: "Servicio", quantity: 1, unit_price: "100.00" }],
};

describe("the event stream", () => {
  let sys: TestSystem;
  let publisher: EventPublisher;
  const streamUrl = (query = "") => `${sys.system.baseUrl}/v1/events/stream${query}`;
  const auth = () => ({ authorization: `Bearer ${sys.testKey}` });
  const publishBurst = async (count: number, options: { livemode?: boolean; companyId?: string } = {}) => {
    const ids: string[] = [];
    for (let i = 0; i < count; i++)
      ids.push(
        await publisher.publish({
          id: newId("evt"),
          companyId: options.companyId ?? sys.companyId,
          ...(options.livemode !== undefined ? { livemode: options.livemode } : {}),
        }),
      );
    return ids;
  };
  const waitFor = (received: Received[], count: number, timeoutMs = 30_000) =>
    eventually(
      async () => received.length,
      (n) => n >= count,
      timeoutMs,
    );

  beforeAll(async () => {
    sys = await bootTestSystem({
      serviceEnv: { gateway: { SSE_HEARTBEAT_MS: "300", SSE_MAX_BUFFERED_BYTES: "65536" } },
    });
    publisher = await EventPublisher.capture(`nats://127.0.0.1:${sys.system.ports.nats}`, () =>
      sys.request("/v1/invoices", { body: invoice, headers: { prefer: "wait=20" } }),
    );
  });

  afterAll(async () => {
    await publisher?.close();
    await sys?.stop();
  });

  it("opens with an id-only message and heartbeats, with the headers proxies need", async () => {
    const res = await fetch(streamUrl(), { headers: auth() });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(res.headers.get("cache-control")).toContain("no-cache");
    expect(res.headers.get("x-accel-buffering")).toBe("no");
    const frames = await readFrames(res, (f) => f.filter((x) => x.comment === "heartbeat").length >= 2);
    expect(frames[0]).toEqual({ retry: "1000", id: expect.stringMatching(/^pos_\d+$/) });
    expect(frames.filter((f) => f.comment === "heartbeat").length).toBeGreaterThanOrEqual(2);
  });

  it("delivers a live event to an EventSource: the id, the type and the Event as GET /v1/events/{id} has it", async () => {
    const { source, received } = openEventSource(streamUrl(), sys.testKey);
    try {
      await eventually(
        async () => source.readyState,
        (s) => s === source.OPEN,
      );
      const created = await sys.request("/v1/invoices", { body: invoice, headers: { prefer: "wait=20" } });
      await waitFor(received, 1);
      const [event] = received;
      expect(event!.type).toBe("document.accepted");
      expect(event!.data.data.object.id).toBe(created.body.id);
      const stored = await sys.request(`/v1/events/${event!.id}`);
      expect(stored.body).toEqual(event!.data);
    } finally {
      source.close();
    }
  });

  it("answers 401 before opening without a key, and documented 4xx to ids it cannot resume from", async () => {
    expect((await fetch(streamUrl())).status).toBe(401);
    const unknown = await fetch(streamUrl(), { headers: { ...auth(), "last-event-id": newId("evt") } });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as any).error).toMatchObject({
      code: "last_event_id_unknown",
      param: "Last-Event-ID",
    });
    const old = newId("evt", Date.now() - 40 * 86_400_000);
    const expired = await fetch(streamUrl(`?last_event_id=${old}`), { headers: auth() });
    expect(expired.status).toBe(410);
    expect(((await expired.json()) as any).error.code).toBe("last_event_id_expired");
    const malformed = await fetch(streamUrl(), { headers: { ...auth(), "last-event-id": "yesterday" } });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as any).error.code).toBe("last_event_id_invalid");
    const types = await fetch(streamUrl("?types=document.accepted,invoice.paid"), { headers: auth() });
    expect(types.status).toBe(422);
    expect(((await types.json()) as any).error.param).toBe("types");
  });

  it("resumes after a cut mid-burst of 500 events: every event once, in order", async () => {
    const first = openEventSource(streamUrl(), sys.testKey);
    await eventually(
      async () => first.source.readyState,
      (s) => s === first.source.OPEN,
    );
    const publishing = publishBurst(500);
    await waitFor(first.received, 100);
    first.source.close();
    const ids = await publishing;
    const lastSeen = first.received.at(-1)!.id;
    const second = openEventSource(streamUrl(), sys.testKey, { lastEventId: lastSeen });
    try {
      const union = () => [...first.received, ...second.received].map((e) => e.id);
      await eventually(
        async () => union().length,
        (n) => n >= 500,
      );
      await new Promise((r) => setTimeout(r, 300));
      expect(union()).toEqual(ids);
    } finally {
      second.source.close();
    }
  });

  it("resumes from the first message's position with nothing missed", async () => {
    const res = await fetch(streamUrl(), { headers: auth() });
    const [opening] = await readFrames(res, (f) => f.length >= 1);
    const ids = await publishBurst(3);
    const resumed = await fetch(streamUrl(`?last_event_id=${opening!.id}`), { headers: auth() });
    const frames = await readFrames(resumed, (f) => f.filter((x) => x.event).length >= 3);
    expect(frames[0]!.id).toBe(opening!.id);
    expect(frames.filter((f) => f.event).map((f) => f.id)).toEqual(ids);
  });

  it("gives 200 concurrent clients every event", async () => {
    const clients = Array.from({ length: 200 }, () => openEventSource(streamUrl(), sys.testKey));
    try {
      await eventually(
        async () => clients.filter((c) => c.source.readyState === c.source.OPEN).length,
        (n) => n === 200,
      );
      const ids = await publishBurst(20);
      await eventually(
        async () => clients.filter((c) => c.received.length >= 20).length,
        (n) => n === 200,
      );
      for (const client of clients) expect(client.received.map((e) => e.id)).toEqual(ids);
    } finally {
      for (const client of clients) client.source.close();
    }
  });

  it("keeps modes and companies apart: a test key never sees a live event or another company's", async () => {
    const test = openEventSource(streamUrl(), sys.testKey);
    const live = openEventSource(streamUrl(), sys.liveKey);
    try {
      await eventually(
        async () => [test, live].every((c) => c.source.readyState === c.source.OPEN),
        (open) => open,
      );
      const [liveId] = await publishBurst(1, { livemode: true });
      const [otherId] = await publishBurst(1, { companyId: "cmp_00000000000000000000000000" });
      const [testId] = await publishBurst(1);
      await waitFor(test.received, 1);
      await waitFor(live.received, 1);
      await new Promise((r) => setTimeout(r, 300));
      expect(test.received.map((e) => e.id)).toEqual([testId]);
      expect(live.received.map((e) => e.id)).toEqual([liveId]);
      expect([...test.received, ...live.received].map((e) => e.id)).not.toContain(otherId);
    } finally {
      test.source.close();
      live.source.close();
    }
  });

  it("filters by type and document, the first message's id included", async () => {
    // Each stream is open (its first message sent) before the event is published.
    const open = (query: string) => fetch(streamUrl(query), { headers: auth() });
    const [byTypeRes, byDocumentRes, matchingRes] = await Promise.all([
      open("?types=document.rejected"),
      open(`?document_id=${newId("doc")}`),
      open(`?types=document.accepted&document_id=${publisher.templateDocumentId}`),
    ]);
    const [id] = await publishBurst(1);
    const read = (res: Response) => readFrames(res, (f) => f.filter((x) => !x.comment).length >= 2, 2_000);
    const [byType, byDocument, matching] = [read(byTypeRes!), read(byDocumentRes!), read(matchingRes!)];
    for (const frames of [await byType, await byDocument]) {
      const seen = frames.filter((f) => !f.comment);
      expect(seen).toHaveLength(1);
      expect(seen[0]!.id).toMatch(/^pos_/);
    }
    expect((await matching).filter((f) => f.event).map((f) => f.id)).toEqual([id]);
  });

  it("cuts a client that does not read with a last event: error, and it resumes from its last id", async () => {
    const stalled = stalledStream(streamUrl(), auth());
    await new Promise((r) => setTimeout(r, 500));
    const ids = await publisher.publishMany(6000, sys.companyId);
    await new Promise((r) => setTimeout(r, 1_000));
    const frames = await stalled.drain();
    const events = frames.filter((f) => f.event === "document.accepted");
    const last = frames.at(-1)!;
    expect(last.event).toBe("error");
    expect(JSON.parse(last.data!).code).toBe("slow_consumer");
    expect(events.length).toBeLessThan(6000);
    const resumed = await fetch(streamUrl(), { headers: { ...auth(), "last-event-id": events.at(-1)!.id! } });
    const rest = await readFrames(
      resumed,
      (f) => f.filter((x) => x.event === "document.accepted").length >= 6000 - events.length,
      20_000,
    );
    expect([...events, ...rest.filter((f) => f.event === "document.accepted")].map((f) => f.id)).toEqual(ids);
  });

  it("survives a restart of the stream service: the client is cut, reconnects by itself, loses nothing", async () => {
    const client = openEventSource(streamUrl(), sys.testKey);
    try {
      await eventually(
        async () => client.source.readyState,
        (s) => s === client.source.OPEN,
      );
      const before = await publishBurst(5);
      await waitFor(client.received, 5);
      process.kill(sys.system.pid("stream")!, "SIGKILL");
      const during = await publishBurst(5);
      await waitFor(client.received, 10, 60_000);
      const after = await publishBurst(5);
      await waitFor(client.received, 15, 30_000);
      expect(client.received.map((e) => e.id)).toEqual([...before, ...during, ...after]);
    } finally {
      client.source.close();
    }
  });

  it("works across replicas: a client cut from one gateway and stream service resumes on another", async () => {
    const { ports, dataDir } = sys.system;
    const [streamRpc, streamOps, gatewayPort] = await Promise.all([freePort(), freePort(), freePort()]);
    const url = (port: number) => `http://127.0.0.1:${port}`;
    const common = {
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      NATS_URL: `nats://127.0.0.1:${ports.nats}`,
    };
    const replicas: ManagedProcess[] = [];
    const start = async (name: string, service: string, env: Record<string, string>, readyUrl: string) => {
      const child = spawnLogged(name, process.execPath, serviceNodeArgs(service, sys.runtime), {
        cwd: REPO_ROOT,
        env: { ...process.env, ...common, ...env },
        logFile: join(dataDir, "logs", `${name}.log`),
      });
      replicas.push(child);
      await waitUntilReady(child, readyUrl, 60_000);
    };
    try {
      await start(
        "stream-2",
        "stream",
        { RPC_PORT: String(streamRpc), OPS_PORT: String(streamOps) },
        `${url(streamOps)}/readyz`,
      );
      await start(
        "gateway-2",
        "gateway",
        {
          PORT: String(gatewayPort),
          TAX_URL: url(ports.taxRpc),
          NUMBERING_URL: url(ports.numberingRpc),
          NOTIFICATION_URL: url(ports.notificationRpc),
          SIGNING_URL: url(ports.signingRpc),
          SUBMISSION_URL: url(ports.submissionRpc),
          STREAM_URL: url(streamRpc),
        },
        `${url(gatewayPort)}/readyz`,
      );
      const first = openEventSource(streamUrl(), sys.testKey);
      await eventually(
        async () => first.source.readyState,
        (s) => s === first.source.OPEN,
      );
      const ids = await publishBurst(10);
      await waitFor(first.received, 4);
      first.source.close();
      const second = openEventSource(`${url(gatewayPort)}/v1/events/stream`, sys.testKey, {
        lastEventId: first.received.at(-1)!.id,
      });
      try {
        await eventually(
          async () => first.received.length + second.received.length,
          (n) => n >= 10,
        );
        expect([...first.received, ...second.received].map((e) => e.id)).toEqual(ids);
      } finally {
        second.source.close();
      }
    } finally {
      for (const replica of replicas.reverse()) await stopProcess(replica);
    }
  });

  it("leaves no consumer behind after 1,000 opened and closed streams", async () => {
    const jsm = await jetstreamManager(publisher.connection);
    const consumers = async () => (await jsm.streams.info("EVENTS")).state.consumer_count;
    const baseline = await consumers();
    for (let round = 0; round < 100; round++) {
      await Promise.all(
        Array.from({ length: 10 }, async () => {
          const controller = new AbortController();
          const res = await fetch(streamUrl(), { headers: auth(), signal: controller.signal });
          await readFrames(res, (f) => f.length >= 1);
          controller.abort();
        }),
      );
    }
    const settled = await eventually(consumers, (n) => n <= baseline, 15_000);
    expect(settled).toBeLessThanOrEqual(baseline);
    expect((await fetch(streamUrl(), { headers: auth() }).then((r) => r.body?.cancel())) ?? null).toBeNull();
  });
});
