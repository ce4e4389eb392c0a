import { create } from "@bufbuild/protobuf";
import type { Broker } from "@einvoice/broker";
import { DocumentStateSchema } from "@einvoice/proto";
import { SqliteStore } from "@einvoice/store";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sampleDocument } from "../../test-support/sample-document.js";
import { type EventRecord, EventRepository, eventsCollection } from "../adapters/event-repository.js";
import { RecordDocumentEvent } from "./record-document-event.js";

const companyId = "cmp_0000000000000000000000000A";
const documentId = sampleDocument().id;

const document = sampleDocument({
  customer: { documentType: "6", documentNumber: "20100070970", name: "CLIENTE SAC" },
  links: { xml: `https://files.example/v1/documents/${documentId}/xml` },
  createdAt: "2026-11-26T15:00:00.000Z",
  updatedAt: "2026-11-26T15:00:01.000Z",
});

function stateMessage(eventType: string) {
  return create(DocumentStateSchema, {
    documentId,
    companyId,
    livemode: false,
    eventType,
    document,
  });
}

describe("recording a document's state change as an event", () => {
  let store: SqliteStore;
  let published: { msgId?: string; body: { id: string; type: string } }[];
  let queued: EventRecord[];
  let record: RecordDocumentEvent;

  beforeEach(async () => {
    store = SqliteStore.open(":memory:");
    await store.ensure([eventsCollection]);
    published = [];
    queued = [];
    const broker = {
      js: {
        publish: async (_subject: string, body: string, options: { msgID?: string }) => {
          published.push({ msgId: options.msgID, body: JSON.parse(body) });
          return { seq: published.length, duplicate: false, stream: "EVENTS" };
        },
      },
    } as unknown as Broker;
    record = new RecordDocumentEvent(store, broker, () => new Date("2026-06-30T12:00:00.000Z"), {
      execute: async (event) => queued.push(event),
    });
  });
  afterEach(() => store.close());

  it("stores one event per change however often it is delivered, and announces the stored one each time", async () => {
    await record.execute(stateMessage("document.accepted"));
    await record.execute(stateMessage("document.accepted"));
    await Promise.all([
      record.execute(stateMessage("document.rejected")),
      record.execute(stateMessage("document.rejected")),
    ]);

    const events = await new EventRepository(store).list(
      { companyId, livemode: false },
      { limit: 10, notBefore: "2026-01-01T00:00:00.000Z" },
    );
    expect(events.rows.map((e) => e.type).sort()).toEqual(["document.accepted", "document.rejected"]);
    const accepted = events.rows.find((e) => e.type === "document.accepted")!;
    // Every delivery announces (and queues for webhooks) the event stored first, under its id.
    const acceptedIds = published.filter((p) => p.body.type === "document.accepted").map((p) => p.msgId);
    expect(acceptedIds).toEqual([accepted._id, accepted._id]);
    expect(queued.filter((e) => e.type === "document.accepted").map((e) => e._id)).toEqual([
      accepted._id,
      accepted._id,
    ]);
    expect(new Set(published.map((p) => p.msgId)).size).toBe(2);
  });
});
