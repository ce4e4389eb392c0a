import { create } from "@bufbuild/protobuf";
import { type Broker, connectBroker, ensureTopology, subjects } from "@einvoice/broker";
import { computedDocuments, issuers } from "@einvoice/contracts";
import { createLogger } from "@einvoice/platform";
import { DocumentIssuedSchema } from "@einvoice/proto";
import { openStore, type Store } from "@einvoice/store";
import { type NatsServerHandle, startNatsServer } from "@einvoice/testkit";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { computed, issuer, scope } from "../../test-support/issue-fixtures.js";
import { addToOutbox, type OutboxEntry, OutboxRelay, outboxCollection } from "./outbox.js";

const logger = createLogger("numbering-test", "silent");

async function writeEntries(store: Store, count: number, prefix: string): Promise<string[]> {
  return (await writeRows(store, count, prefix)).map((row) => row._id.replace(/:issued$/, ""));
}

/** Commits `count` documents.issued rows in one transaction and returns them, as a use case hands them over. */
async function writeRows(store: Store, count: number, prefix: string): Promise<OutboxEntry[]> {
  const ids = Array.from({ length: count }, (_, i) => `${prefix}_${String(i).padStart(4, "0")}`);
  return store.transaction(async (tx) => {
    const rows: OutboxEntry[] = [];
    for (const [i, id] of ids.entries()) {
      const payload = create(DocumentIssuedSchema, {
        documentId: id,
        companyId: scope.companyId,
        livemode: scope.livemode,
        number: i + 1,
        issuer: issuers.toMessage(issuer),
        computed: computedDocuments.toMessage(computed),
      });
      rows.push(
        await addToOutbox(
          tx,
          { _id: `${id}:issued`, subject: "documentIssued", payload },
          new Date().toISOString(),
        ),
      );
    }
    return rows;
  });
}

async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (await condition()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe("OutboxRelay against nats-server", () => {
  let nats: NatsServerHandle;
  let broker: Broker;
  let store: Store & { transactions: number };
  let relay: OutboxRelay | undefined;
  const received: string[] = [];

  beforeAll(async () => {
    nats = await startNatsServer();
    broker = await connectBroker({ url: nats.url, name: "numbering-outbox-test" });
    await ensureTopology(broker.jsm, []);
    const sub = broker.nc.subscribe(subjects.documentIssued.subject);
    (async () => {
      for await (const m of sub) received.push(subjects.documentIssued.payload.decode(m.json()).documentId);
    })();
  });

  afterAll(async () => {
    await broker?.close();
    await nats?.stop();
  });

  beforeEach(async () => {
    received.length = 0;
    const inner = await openStore({ engine: "sqlite", file: ":memory:" });
    await inner.ensure([outboxCollection]);
    store = Object.create(inner) as Store & { transactions: number };
    store.transactions = 0;
    store.transaction = (work) => {
      store.transactions++;
      return inner.transaction(work);
    };
  });

  afterEach(async () => {
    await relay?.stop();
    await store.close();
  });

  it("publishes everything in order on a nudge, removing each pass in one transaction", async () => {
    const ids = await writeEntries(store, 300, "doc_nudged");
    const before = store.transactions;
    // A poll of an hour: only the nudge can have published these.
    relay = new OutboxRelay(store, broker, logger, 3_600_000);
    relay.start();
    relay.nudge();
    await until(() => received.length === 300, "300 publishes");
    expect(received).toEqual(ids);
    const outbox = store.collection<OutboxEntry>(outboxCollection);
    await until(async () => (await outbox.count({})) === 0, "all removed");
    // 300 entries = two passes of at most 256: two transactions, not 300 writes.
    expect(store.transactions - before).toBe(2);
  });

  it("publishes rows handed over after their commit without reading the table, then deletes them", async () => {
    const inner = store.collection.bind(store);
    let reads = 0;
    store.collection = ((spec) => {
      const collection = inner(spec);
      return Object.assign(Object.create(collection), {
        find: (...args: Parameters<typeof collection.find>) => {
          reads++;
          return collection.find(...args);
        },
      });
    }) as typeof store.collection;
    relay = new OutboxRelay(store, broker, logger, 3_600_000);
    relay.start(); // the boot scan: one read of an empty table
    await until(() => reads === 1, "the boot scan");
    const rows = await writeRows(store, 300, "doc_handed");
    relay.committed(rows);
    relay.committed(rows.slice(0, 10)); // handed twice (a retried hand-over): published once
    await until(() => received.length === 300, "300 publishes");
    expect(received).toEqual(rows.map((row) => row._id.replace(/:issued$/, "")));
    const outbox = inner<OutboxEntry>(outboxCollection);
    await until(async () => (await outbox.count({})) === 0, "all removed");
    expect(reads).toBe(1);
  });

  it("finds entries nobody nudged for (left by a crash) on its poll", async () => {
    const ids = await writeEntries(store, 5, "doc_left");
    relay = new OutboxRelay(store, broker, logger, 50);
    relay.start();
    // A row an older version marked sent is not published again.
    await store.collection<OutboxEntry>(outboxCollection).upsert({
      _id: "doc_old:issued",
      subject: "documentIssued",
      payload: {},
      created_at: new Date().toISOString(),
      sent_at: new Date().toISOString(),
    });
    await until(() => received.length === 5, "the polled publishes");
    expect(received).toEqual(ids);
    const outbox = store.collection<OutboxEntry>(outboxCollection);
    await until(async () => (await outbox.count({})) === 1, "the published entries removed");
  });
});
