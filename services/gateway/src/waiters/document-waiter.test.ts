import { create } from "@bufbuild/protobuf";
import { type Broker, connectBroker, ensureTopology, publish, subjects } from "@einvoice/broker";
import { type Document, DocumentSchema, DocumentStateSchema } from "@einvoice/proto";
import { type NatsServerHandle, startNatsServer } from "@einvoice/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DocumentWaiter } from "./document-waiter.js";

const ID = "doc_01JZ8X3P0A2B4C6D8E0F2G4H6J";
const document = (id: string, status: string): Document =>
  create(DocumentSchema, {
    id,
    object: "document",
    type: "01",
    series: "F001",
    number: 7,
    status,
    issueDate: "2026-11-25",
    links: {},
    createdAt: "2026-11-25T10:00:00.000Z",
    updatedAt: "2026-11-25T10:00:01.000Z",
  });

describe("DocumentWaiter against nats-server", () => {
  let nats: NatsServerHandle;
  let broker: Broker;
  const waiter = new DocumentWaiter();

  beforeAll(async () => {
    nats = await startNatsServer();
    broker = await connectBroker({ url: nats.url, name: "gateway-waiter-test" });
    await ensureTopology(broker.jsm, []);
    waiter.start(broker);
  });
  afterAll(async () => {
    waiter.stop();
    await broker?.close();
    await nats?.stop();
  });

  const announce = (id: string, status: string) =>
    publish(
      broker.js,
      subjects.documentState,
      create(DocumentStateSchema, {
        documentId: id,
        companyId: "com_01JZ8X3P0A2B4C6D8E0F2G4H6J",
        livemode: false,
        document: document(id, status),
      }),
      { msgId: `${id}:${status}:${Math.random()}` },
    );

  it("answers a wait with the final state as soon as documents.state announces it", async () => {
    let reads = 0;
    const waiting = waiter.waitForFinal(ID, 60_000, async () => {
      reads++;
      return document(ID, "pending");
    });
    // Announce other documents' changes and a non-final change of this one, then the verdict.
    await new Promise((r) => setTimeout(r, 100));
    await announce("doc_01JZ8X3P0A2B4C6D8E0F2G4H7K", "accepted");
    await announce(ID, "pending");
    await announce(ID, "accepted");
    // The wait is 60 s and the test's own timeout 20 s: only the announcement can end it in time.
    const final = await waiting;
    expect(final.status).toBe("accepted");
    expect(final.id).toBe(ID);
    expect(reads).toBe(1); // the register was read once, before waiting; never again at a timeout
  }, 20_000);

  it("answers with the register's state, without waiting, when the document is already final", async () => {
    const final = await waiter.waitForFinal(ID, 60_000, async () => document(ID, "rejected"));
    expect(final.status).toBe("rejected");
  });

  it("reads the register again when the wait runs out", async () => {
    const states = ["pending", "observed"];
    const final = await waiter.waitForFinal(ID, 200, async () => document(ID, states.shift()!));
    expect(final.status).toBe("observed");
  });
});
