/**
 * The renderer against a real JetStream: a failed render is retried by its consumer until the A4 PDF exists (the
 * ticket waits for its first request), and a document the layout cannot print is parked as a dead letter instead
 * of being retried forever.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { create } from "@bufbuild/protobuf";
import { type Client, Code, ConnectError } from "@connectrpc/connect";
import {
  type Broker,
  connectBroker,
  consumers,
  ensureTopology,
  publish,
  startBatchConsumer,
  subjects,
} from "@einvoice/broker";
import { computedDocuments, issuers } from "@einvoice/contracts";
import { documentObjectKey, logoObjectKey } from "@einvoice/domain";
import { FilesystemObjectStore, type ObjectStore } from "@einvoice/objects";
import { loadPdfFonts } from "@einvoice/pdf";
import { createLogger } from "@einvoice/platform";
import { DocumentSignedSchema, type NumberingService } from "@einvoice/proto";
import { type NatsServerHandle, startNatsServer, testJpeg, testPng } from "@einvoice/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HASH, ISSUER, pdfInput } from "../../../../packages/pdf/test-support/documents.js";
import { IssuerLogos } from "./issuer-logos.js";
import { RenderDocument } from "./render-document.js";
import { RenderGuide } from "./render-guide.js";

const logger = createLogger("rendering-test", process.env.TEST_LOG ?? "silent");
const companyId = "cmp_01JZ8X3P0A2B4C6D8E0F2G4H6J";

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** An object store whose first `failures` writes fail, as a full disk or an unreachable MinIO would. */
function flakyStore(inner: ObjectStore, failures: number): ObjectStore & { attempts: number } {
  let left = failures;
  const flaky = Object.create(inner) as ObjectStore & { attempts: number };
  flaky.attempts = 0;
  flaky.put = async (...args: Parameters<ObjectStore["put"]>) => {
    flaky.attempts++;
    if (left-- > 0) throw new Error("object store unavailable");
    return inner.put(...args);
  };
  return flaky;
}

describe("rendering a signed document", () => {
  let nats: NatsServerHandle;
  let broker: Broker;
  let dir: string;
  let objects: FilesystemObjectStore;
  const rendered: string[] = [];
  /** The signature each announcement carries, by document. */
  const signatures = new Map<string, { xmlKey?: string | undefined; hash?: string | undefined }>();
  /** The ticket key each announcement carries, by document. */
  const tickets = new Map<string, string>();

  beforeAll(async () => {
    nats = await startNatsServer();
    broker = await connectBroker({ url: nats.url, name: "rendering-test" });
    await ensureTopology(broker.jsm, [consumers.renderingSigned]);
    dir = mkdtempSync(join(tmpdir(), "rendering-test-"));
    objects = await FilesystemObjectStore.open(dir);
    const sub = broker.nc.subscribe(subjects.documentRendered.subject);
    (async () => {
      for await (const m of sub) {
        const { documentId, xmlKey, hash, ticketKey } = subjects.documentRendered.payload.decode(m.json());
        rendered.push(documentId);
        tickets.set(documentId, ticketKey);
        signatures.set(documentId, { xmlKey, hash });
      }
    })();
  });

  afterAll(async () => {
    await broker?.close();
    await nats?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  function start(store: ObjectStore, view: () => unknown) {
    const numbering = {
      getDocument: async () => view(),
      getDocuments: async (req: { items: unknown[] }) => ({
        results: req.items.map(() => ({ outcome: { case: "document", value: view() } })),
      }),
    } as unknown as Client<typeof NumberingService>;
    const fonts = loadPdfFonts();
    const logos = new IssuerLogos(store, 1 << 20);
    const render = new RenderDocument({
      numbering,
      objects: store,
      logos,
      broker,
      consultUrl: "https://e-consulta.sunat.gob.pe/",
      fonts,
      guides: new RenderGuide({ numbering, objects: store, logos, broker, fonts }),
    });
    return startBatchConsumer(
      broker.js,
      consumers.renderingSigned,
      (items) => render.execute(items.map((item) => item.payload)),
      { maxBatch: 16 },
      logger,
    );
  }

  const signed = (documentId: string) =>
    create(DocumentSignedSchema, {
      documentId,
      companyId,
      livemode: false,
      ruc: ISSUER.ruc,
      type: "01",
      series: "F001",
      number: 7,
      issueDate: "2025-03-14",
      fileName: `${ISSUER.ruc}-01-F001-7`,
      xmlKey: `${companyId}/test/${documentId}/${ISSUER.ruc}-01-F001-7.xml`,
      hash: HASH,
    });

  it("retries a render whose write failed, until the A4 is stored and announced once, without a ticket", async () => {
    const input = pdfInput("01-one-line");
    const store = flakyStore(objects, 1);
    const consumer = await start(store, () => ({
      issuer: issuers.toMessage(input.issuer),
      computed: computedDocuments.toMessage(input.computed),
    }));
    try {
      const id = "doc_01JZ8X3P0A2B4C6D8E0F2GRTRY";
      await publish(broker.js, subjects.documentSigned, signed(id), { msgId: `${id}:signed` });
      await until(() => rendered.includes(id));
      // One failed write, then the redelivery writes the A4 only.
      expect(store.attempts).toBe(2);
      const keyOf = (kind: "pdf" | "ticket") =>
        documentObjectKey({ companyId, livemode: false }, id, kind, `${ISSUER.ruc}-01-F001-7`, "2025-03-14");
      const pdf = await objects.get(keyOf("pdf"));
      expect(pdf?.body.subarray(0, 5).toString()).toBe("%PDF-");
      expect(await objects.get(keyOf("ticket"))).toBeNull();
      // The ticket's key is announced with the A4, for the register to hand to RenderTicket on a first request.
      expect(tickets.get(id)).toBe(keyOf("ticket"));
      expect(rendered.filter((d) => d === id)).toHaveLength(1);
      // The signature the PDF prints goes with it, for the register to link the XML of a pending document.
      expect(signatures.get(id)).toEqual({ xmlKey: signed(id).xmlKey, hash: HASH });
    } finally {
      await consumer.stop();
    }
  });

  it("reads a batch's documents in one GetDocuments call, and an item numbering cannot find fails alone", async () => {
    const input = pdfInput("01-one-line");
    const view = {
      issuer: issuers.toMessage(input.issuer),
      computed: computedDocuments.toMessage(input.computed),
    };
    const missing = "doc_01JZ8X3P0A2B4C6D8E0F2GMISS";
    const calls: string[][] = [];
    const numbering = {
      getDocuments: async (req: { items: { id: string }[] }) => {
        calls.push(req.items.map((item) => item.id));
        return {
          results: req.items.map((item) =>
            item.id === missing
              ? {
                  outcome: {
                    case: "error",
                    value: { code: Code.NotFound, message: "no such document", details: [] },
                  },
                }
              : { outcome: { case: "document", value: view } },
          ),
        };
      },
    } as unknown as Client<typeof NumberingService>;
    const fonts = loadPdfFonts();
    const logos = new IssuerLogos(objects, 1 << 20);
    const render = new RenderDocument({
      numbering,
      objects,
      logos,
      broker,
      consultUrl: "https://e-consulta.sunat.gob.pe/",
      fonts,
      guides: new RenderGuide({ numbering, objects, logos, broker, fonts }),
    });
    const ids = ["doc_01JZ8X3P0A2B4C6D8E0F2GBAT1", missing, "doc_01JZ8X3P0A2B4C6D8E0F2GBAT2"];
    const outcome = await render.execute(ids.map(signed));
    expect(calls).toEqual([ids]);
    expect(outcome[0]).toBeUndefined();
    expect(outcome[2]).toBeUndefined();
    expect(outcome[1]).toBeInstanceOf(ConnectError);
    expect((outcome[1] as ConnectError).code).toBe(Code.NotFound);
    await until(() => rendered.includes(ids[0] as string) && rendered.includes(ids[2] as string));
    expect(rendered).not.toContain(missing);
  });

  it("parks a document the layout cannot print as a dead letter, without retrying it", async () => {
    const dead = await broker.jsm.streams.info("DEAD_LETTERS").catch(() => null);
    const before = dead?.state.messages ?? 0;
    const store = flakyStore(objects, 0);
    const input = pdfInput("01-one-line");
    // An issuer without a legal name cannot be printed; no retry will change that.
    const consumer = await start(store, () => ({
      issuer: issuers.toMessage({ ...input.issuer, legal_name: "   " }),
      computed: computedDocuments.toMessage(input.computed),
    }));
    try {
      const id = "doc_01JZ8X3P0A2B4C6D8E0F2GDEAD";
      await publish(broker.js, subjects.documentSigned, signed(id), { msgId: `${id}:signed` });
      await until(async () => ((await broker.jsm.streams.info("DEAD_LETTERS")).state.messages ?? 0) > before);
      expect(store.attempts).toBe(0);
      expect(rendered).not.toContain(id);
    } finally {
      await consumer.stop();
    }
  });

  it("prints the logo the document's issuer snapshot names on the A4, whatever other logos exist", async () => {
    const input = pdfInput("01-one-line");
    const scope = { companyId, livemode: false };
    const issuedWith = logoObjectKey(scope, "1".repeat(64), "png");
    await objects.put(issuedWith, testPng(500, 100), "image/png");
    // A later logo of the company, which this document must not print.
    await objects.put(logoObjectKey(scope, "2".repeat(64), "jpeg"), testJpeg(100, 100), "image/jpeg");
    const consumer = await start(objects, () => ({
      issuer: issuers.toMessage({ ...input.issuer, logo_key: issuedWith }),
      computed: computedDocuments.toMessage(input.computed),
    }));
    try {
      const id = "doc_01JZ8X3P0A2B4C6D8E0F2GLOGO";
      await publish(broker.js, subjects.documentSigned, signed(id), { msgId: `${id}:signed` });
      await until(() => rendered.includes(id));
      const key = documentObjectKey(scope, id, "pdf", `${ISSUER.ruc}-01-F001-7`, "2025-03-14");
      const path = join(dir, "check.pdf");
      writeFileSync(path, (await objects.get(key))!.body);
      const list = execFileSync("pdfimages", ["-list", path], { encoding: "utf8" });
      expect(list).toMatch(/\bimage\s+500\s+100\b/);
      expect(list).not.toMatch(/\bimage\s+100\s+100\b/);
    } finally {
      await consumer.stop();
    }
  });
});
