import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { create } from "@bufbuild/protobuf";
import { createLogger, newId } from "@einvoice/platform";
import { DocumentSchema } from "@einvoice/proto";
import { SqliteStore } from "@einvoice/store";
import { Webhook } from "standardwebhooks";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type EventRecord, EventRepository, eventsCollection } from "../adapters/event-repository.js";
import {
  type WebhookDeliveryRecord,
  WebhookRepository,
  webhookDeliveriesCollection,
  webhookEndpointsCollection,
} from "../adapters/webhook-repository.js";
import { WebhookSender } from "../adapters/webhook-sender.js";
import { storedObjectOf } from "../domain/event-message.js";
import { WebhookDispatcher } from "./dispatch-webhooks.js";
import { EnqueueWebhookDeliveries, RetryWebhookDelivery } from "./webhook-deliveries.js";
import { CreateWebhookEndpoint, RotateWebhookSecret, UpdateWebhookEndpoint } from "./webhook-endpoints.js";

const scope = { companyId: "cmp_0000000000000000000000000A", livemode: false };
type Answer = (req: IncomingMessage, res: ServerResponse, body: string) => void;

describe("webhook delivery", () => {
  let store: SqliteStore;
  let server: Server;
  let url: string;
  let answer: Answer;
  const received: { headers: IncomingMessage["headers"]; body: string }[] = [];
  const clock = { now: new Date("2026-06-01T12:00:00.000Z") };
  const secretsKey = randomBytes(32);
  const settings = {
    store: undefined as unknown as SqliteStore,
    secretsKey,
    allowInsecureInTestMode: true,
    clock: () => clock.now,
  };
  let dispatcher: WebhookDispatcher;

  const newDispatcher = (timeoutMs = 2_000) =>
    new WebhookDispatcher({
      store,
      sender: new WebhookSender({ timeoutMs, allowPrivate: true }),
      secretsKey,
      logger: createLogger("test", "silent"),
      settings: { pollMs: 60_000, concurrency: 4, perEndpoint: 2, leaseMs: 30_000 },
      clock: () => clock.now,
    });

  async function recordEvent(): Promise<EventRecord> {
    const record: EventRecord = {
      _id: newId("evt", clock.now.getTime()),
      company_id: scope.companyId,
      livemode: false,
      type: "document.accepted",
      created_at: clock.now.toISOString(),
      document_id: "doc_01JZ8X3P0A2B4C6D8E0F2G4H6J",
      source_key: `${Math.random()}`,
      object: storedObjectOf(
        create(DocumentSchema, {
          id: "doc_01JZ8X3P0A2B4C6D8E0F2G4H6J",
          object: "document",
          status: "accepted",
        }),
      ),
    };
    await new EventRepository(store).insert(record);
    await new EnqueueWebhookDeliveries(
      store,
      () => {},
      () => clock.now,
    ).execute(record);
    return record;
  }
  const deliveries = () => store.collection<WebhookDeliveryRecord>(webhookDeliveriesCollection).find({});
  const advance = (ms: number) => {
    clock.now = new Date(clock.now.getTime() + ms);
  };
  const run = async () => {
    await dispatcher.tick();
    await dispatcher.idle();
  };

  beforeEach(async () => {
    store = SqliteStore.open(":memory:");
    settings.store = store;
    // Receivers check the signed timestamp against their own clock: start from the real time.
    clock.now = new Date();
    await store.ensure([eventsCollection, webhookEndpointsCollection, webhookDeliveriesCollection]);
    received.length = 0;
    answer = (_req, res) => res.writeHead(200).end("ok");
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8");
        received.push({ headers: req.headers, body });
        answer(req, res, body);
      });
    });
    server.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
    dispatcher = newDispatcher();
  });
  afterEach(async () => {
    await dispatcher.stop();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    store.close();
  });

  it("POSTs the event's public JSON, verifiable with the standardwebhooks package", async () => {
    const endpoint = await new CreateWebhookEndpoint(settings).execute(scope, { url });
    const event = await recordEvent();
    await run();
    expect(received).toHaveLength(1);
    const [{ headers, body }] = received as [{ headers: Record<string, string>; body: string }];
    expect(headers["webhook-id"]).toBe(event._id);
    const verified = new Webhook(endpoint.secret!).verify(body, headers) as {
      id: string;
      data: { object: { id: string } };
    };
    expect(verified.id).toBe(event._id);
    expect(verified.data.object.id).toBe("doc_01JZ8X3P0A2B4C6D8E0F2G4H6J");
    expect(() =>
      new Webhook(endpoint.secret!).verify(body.replace("accepted", "rejected"), headers),
    ).toThrow();
    const [delivery] = await deliveries();
    expect(delivery).toMatchObject({ status: "succeeded", next_attempt_at: null });
  });

  it.each([
    ["a 500", (_req: IncomingMessage, res: ServerResponse) => res.writeHead(500).end("boom"), /answered 500/],
    [
      "a redirect",
      (_req: IncomingMessage, res: ServerResponse) =>
        res.writeHead(302, { location: "https://example.com" }).end(),
      /redirects are not followed/,
    ],
    ["a timeout", () => {}, /no answer within/],
  ] as [string, Answer, RegExp][])(
    "retries after %s on the schedule, and fails after the 8th attempt",
    async (_, failing, error) => {
      answer = failing;
      dispatcher = newDispatcher(300);
      await new CreateWebhookEndpoint(settings).execute(scope, { url });
      await recordEvent();
      const waits = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
      await run();
      for (const wait of waits) {
        const [pending] = await deliveries();
        expect(pending).toMatchObject({ status: "pending" });
        expect(Date.parse(pending!.next_attempt_at ?? "")).toBe(clock.now.getTime() + wait);
        const before = pending!.attempts.length;
        advance(wait - 1);
        await run();
        expect((await deliveries())[0]!.attempts).toHaveLength(before);
        advance(1);
        await run();
        expect((await deliveries())[0]!.attempts).toHaveLength(before + 1);
      }
      const [failed] = await deliveries();
      expect(failed!.attempts).toHaveLength(8);
      expect(failed).toMatchObject({ status: "failed", next_attempt_at: null });
      expect(failed!.attempts.at(-1)!.error).toMatch(error);
    },
  );

  it("fails on a refused connection, keeps its schedule across a restart, and a manual retry sends at once", async () => {
    const endpoint = await new CreateWebhookEndpoint(settings).execute(scope, {
      url: "http://127.0.0.1:1/hooks",
    });
    await recordEvent();
    await run();
    const [first] = await deliveries();
    expect(first!.attempts[0]!.error).toMatch(/ECONNREFUSED/);
    await dispatcher.stop();
    dispatcher = newDispatcher();
    advance(5_000);
    await new UpdateWebhookEndpoint(settings).execute(scope, endpoint.id, { url });
    await run();
    expect(received).toHaveLength(1);
    const [done] = await deliveries();
    expect(done).toMatchObject({ status: "succeeded" });
    expect(done!.attempts).toHaveLength(2);
    await new RetryWebhookDelivery(
      store,
      () => {},
      () => clock.now,
    ).execute(scope, endpoint.id, done!._id);
    await run();
    expect(received).toHaveLength(2);
  });

  it("holds deliveries while the endpoint is disabled, and signs with the new secret at once after rotation", async () => {
    const endpoint = await new CreateWebhookEndpoint(settings).execute(scope, { url });
    await new UpdateWebhookEndpoint(settings).execute(scope, endpoint.id, { enabled: false });
    await recordEvent();
    // An event recorded while disabled is not queued; one queued before waits.
    expect(await deliveries()).toHaveLength(0);
    await new UpdateWebhookEndpoint(settings).execute(scope, endpoint.id, { enabled: true });
    await recordEvent();
    await new UpdateWebhookEndpoint(settings).execute(scope, endpoint.id, { enabled: false });
    await run();
    expect(received).toHaveLength(0);
    const rotated = await new RotateWebhookSecret(settings).execute(scope, endpoint.id);
    await new UpdateWebhookEndpoint(settings).execute(scope, endpoint.id, { enabled: true });
    await run();
    expect(received).toHaveLength(1);
    const [{ headers, body }] = received as [{ headers: Record<string, string>; body: string }];
    expect(() => new Webhook(endpoint.secret!).verify(body, headers)).toThrow();
    expect(new Webhook(rotated.secret!).verify(body, headers)).toBeTruthy();
  });

  it("refuses, at registration, URLs that are not public https and event types that do not exist", async () => {
    const live = { ...scope, livemode: true };
    await expect(new CreateWebhookEndpoint(settings).execute(live, { url })).rejects.toThrow();
    await expect(
      new CreateWebhookEndpoint(settings).execute(scope, {
        url: "https://hooks.example.com",
        events: ["invoice.paid"],
      }),
    ).rejects.toThrow();
    const strict = { ...settings, allowInsecureInTestMode: false };
    await expect(new CreateWebhookEndpoint(strict).execute(scope, { url })).rejects.toThrow();
    expect(await new WebhookRepository(store).enabledEndpoints(scope)).toHaveLength(0);
  });
});
