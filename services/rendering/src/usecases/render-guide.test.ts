/**
 * Guides through the renderer against a real JetStream: printed on A4 when signed (no QR), printed again with
 * SUNAT's QR when the verdict arrives (read back by zbarimg), both with the issuer snapshot's logo, rejections
 * left alone, an unreadable CDR parked, guides' verdicts left on the retired consumer of every verdict drained.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { create } from "@bufbuild/protobuf";
import type { Client } from "@connectrpc/connect";
import {
  type Broker,
  connectBroker,
  consumers,
  drainConsumer,
  drainedConsumers,
  ensureConsumer,
  ensureTopology,
  publish,
  startBatchConsumer,
  startConsumer,
  subjects,
} from "@einvoice/broker";
import { despatchAdvices, issuers } from "@einvoice/contracts";
import { type DocumentFileKind, documentObjectKey, logoObjectKey } from "@einvoice/domain";
import { FilesystemObjectStore } from "@einvoice/objects";
import { loadPdfFonts } from "@einvoice/pdf";
import { createLogger } from "@einvoice/platform";
import { DocumentSignedSchema, DocumentVerdictSchema, type NumberingService } from "@einvoice/proto";
import { buildCdrXml, zipDocument } from "@einvoice/sunat";
import { type NatsServerHandle, startNatsServer, testJpeg, testPng } from "@einvoice/testkit";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ISSUER } from "../../../../packages/pdf/test-support/documents.js";
import {
  CARRIER_GUIDE,
  GUIDE_HASH,
  SENDER_GUIDE,
  SUNAT_QR_URL,
} from "../../../../packages/pdf/test-support/guides.js";
import { decodeQr, pdfImages, pdfText } from "../../../../packages/pdf/test-support/pdf-tools.js";
import { IssuerLogos } from "./issuer-logos.js";
import { RenderAcceptedGuide } from "./render-accepted-guide.js";
import { RenderDocument } from "./render-document.js";
import { RenderGuide } from "./render-guide.js";

const logger = createLogger("rendering-guide-test", process.env.TEST_LOG ?? "silent");
const companyId = "cmp_01JZ8X3P0A2B4C6D8E0F2G4H6J";

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 50));
  }
}

const cdrZip = (type: string, qr: string | undefined) =>
  zipDocument(
    `R-${ISSUER.ruc}-${type}-T001-5.zip`,
    buildCdrXml({
      id: "1",
      issueDate: "2026-11-25",
      issueTime: "10:00:00",
      responseDate: "2026-11-25",
      responseTime: "10:00:01",
      receiverRuc: ISSUER.ruc,
      referenceId: "T001-5",
      documentId: "T001-5",
      responseCode: "0",
      description: "La Guia numero T001-5, ha sido aceptada",
      notes: [],
      ...(qr ? { documentDescription: qr } : {}),
    }),
  );

describe("rendering guides", () => {
  let nats: NatsServerHandle;
  let broker: Broker;
  let dir: string;
  let objects: FilesystemObjectStore;
  const rendered: {
    documentId: string;
    pdfKey: string;
    ticketKey: string;
    xmlKey?: string | undefined;
    hash?: string | undefined;
  }[] = [];
  const calls: string[] = [];
  /** What numbering answers: the guide as the register has it, with its status and CDR key. */
  let view: { type: string; status: string; cdr?: string; despatch: typeof SENDER_GUIDE; logoKey?: string };

  beforeAll(async () => {
    nats = await startNatsServer();
    broker = await connectBroker({ url: nats.url, name: "rendering-guide-test" });
    await ensureTopology(broker.jsm, [consumers.renderingSigned, consumers.renderingDespatchVerdict]);
    dir = mkdtempSync(join(tmpdir(), "rendering-guide-test-"));
    objects = await FilesystemObjectStore.open(dir);
    const sub = broker.nc.subscribe(subjects.documentRendered.subject);
    (async () => {
      for await (const m of sub) rendered.push(subjects.documentRendered.payload.decode(m.json()));
    })();
  });

  afterAll(async () => {
    await broker?.close();
    await nats?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  beforeEach(() => {
    calls.length = 0;
    view = { type: "09", status: "pending", despatch: SENDER_GUIDE };
  });

  async function start() {
    const numbering = {
      getDocument: async ({ id }: { id: string }) => {
        calls.push(id);
        return {
          document: {
            id,
            type: view.type,
            series: view.despatch.series,
            number: 5,
            issueDate: "2026-11-25",
            status: view.status,
            hash: GUIDE_HASH,
            despatch: despatchAdvices.toMessage(view.despatch),
          },
          files: view.cdr ? { cdr: view.cdr } : {},
          issuer: issuers.toMessage(view.logoKey ? { ...ISSUER, logo_key: view.logoKey } : ISSUER),
        };
      },
    } as unknown as Client<typeof NumberingService>;
    const fonts = loadPdfFonts();
    const logos = new IssuerLogos(objects, 1 << 20);
    const guides = new RenderGuide({ numbering, objects, logos, broker, fonts });
    const signedRender = new RenderDocument({
      numbering,
      objects,
      logos,
      broker,
      consultUrl: "https://e-consulta.sunat.gob.pe/",
      fonts,
      guides,
    });
    const accepted = new RenderAcceptedGuide(guides);
    const signed = await startBatchConsumer(
      broker.js,
      consumers.renderingSigned,
      (items) => signedRender.execute(items.map((item) => item.payload)),
      { maxBatch: 16 },
      logger,
    );
    const verdicts = await startConsumer(
      broker.js,
      consumers.renderingDespatchVerdict,
      (p) => accepted.execute(p),
      logger,
    );
    return { accepted, stop: () => Promise.all([signed.stop(), verdicts.stop()]) };
  }

  const signed = (documentId: string, type: string) =>
    create(DocumentSignedSchema, {
      documentId,
      companyId,
      livemode: false,
      ruc: ISSUER.ruc,
      type,
      series: "T001",
      number: 5,
      issueDate: "2026-11-25",
      fileName: `${ISSUER.ruc}-${type}-T001-5`,
      xmlKey: `${companyId}/test/${documentId}/${ISSUER.ruc}-${type}-T001-5.xml`,
      hash: GUIDE_HASH,
    });

  const verdict = (documentId: string, outcome: string, cdrKey?: string) =>
    create(DocumentVerdictSchema, {
      documentId,
      companyId,
      livemode: false,
      outcome,
      ...(cdrKey ? { cdrKey } : {}),
    });

  const keyOf = (id: string, kind: DocumentFileKind, type = "09", series = "T001") =>
    documentObjectKey(
      { companyId, livemode: false },
      id,
      kind,
      `${ISSUER.ruc}-${type}-${series}-5`,
      "2026-11-25",
    );
  const pdfKeyOf = (id: string, type = "09") => keyOf(id, "pdf", type);
  const cdrKeyOf = (id: string, type: string, series = "T001") => keyOf(id, "cdr", type, series);

  it("prints a signed guide without a QR, then again with SUNAT's QR once accepted; no ticket", async () => {
    const consumer = await start();
    try {
      const id = "doc_01JZ8X3P0A2B4C6D8E0GUIDE1";
      await publish(broker.js, subjects.documentSigned, signed(id, "09"), { msgId: `${id}:signed` });
      await until(() => rendered.some((r) => r.documentId === id));
      expect(rendered.find((r) => r.documentId === id)).toMatchObject({
        pdfKey: pdfKeyOf(id),
        ticketKey: "",
        xmlKey: signed(id, "09").xmlKey,
        hash: GUIDE_HASH,
      });
      const first = (await objects.get(pdfKeyOf(id)))?.body as Buffer;
      expect(pdfText(first)).toContain("GUÍA DE REMISIÓN ELECTRÓNICA REMITENTE T001-5");
      expect(decodeQr(first, 1, 150)).toEqual([]);
      expect(await objects.get(keyOf(id, "ticket"))).toBeNull();

      const cdrKey = cdrKeyOf(id, "09");
      await objects.put(cdrKey, await cdrZip("09", SUNAT_QR_URL), "application/zip");
      view = { ...view, status: "accepted", cdr: cdrKey };
      await publish(broker.js, subjects.documentDespatchVerdict, verdict(id, "accepted", cdrKey), {
        msgId: `${id}:verdict`,
      });
      await until(() => rendered.filter((r) => r.documentId === id).length === 2);
      const second = (await objects.get(pdfKeyOf(id)))?.body as Buffer;
      expect(decodeQr(second, 1, 150)).toEqual([SUNAT_QR_URL]);
      expect(pdfText(second)).toContain(GUIDE_HASH);
    } finally {
      await consumer.stop();
    }
  });

  it("a signed render that runs after the verdict keeps SUNAT's QR (reads the CDR the register has)", async () => {
    const consumer = await start();
    try {
      const id = "doc_01JZ8X3P0A2B4C6D8E0GUIDE2";
      const cdrKey = cdrKeyOf(id, "31");
      await objects.put(cdrKey, await cdrZip("31", SUNAT_QR_URL), "application/zip");
      view = { type: "31", status: "accepted", cdr: cdrKey, despatch: { ...CARRIER_GUIDE, series: "T001" } };
      await publish(broker.js, subjects.documentSigned, signed(id, "31"), { msgId: `${id}:signed` });
      await until(() => rendered.some((r) => r.documentId === id));
      const pdf = (await objects.get(pdfKeyOf(id, "31")))?.body as Buffer;
      expect(pdfText(pdf)).toContain("GUÍA DE REMISIÓN ELECTRÓNICA TRANSPORTISTA");
      expect(decodeQr(pdf, 1, 150)).toEqual([SUNAT_QR_URL]);
    } finally {
      await consumer.stop();
    }
  });

  it("prints the logo the guide's issuer snapshot names, signed and accepted, not a later logo", async () => {
    const scope = { companyId, livemode: false };
    const issuedWith = logoObjectKey(scope, "3".repeat(64), "png");
    await objects.put(issuedWith, testPng(600, 120), "image/png");
    // The company's later logo, which this guide must not print.
    await objects.put(logoObjectKey(scope, "4".repeat(64), "jpeg"), testJpeg(100, 100), "image/jpeg");
    view = { ...view, logoKey: issuedWith };
    const consumer = await start();
    try {
      const id = "doc_01JZ8X3P0A2B4C6D8E0GUIDE5";
      await publish(broker.js, subjects.documentSigned, signed(id, "09"), { msgId: `${id}:signed` });
      await until(() => rendered.some((r) => r.documentId === id));
      const images = (pdf: Buffer) =>
        pdfImages(pdf)
          .filter((i) => i.type === "image")
          .map((i) => `${i.width}x${i.height}`);
      const first = (await objects.get(pdfKeyOf(id)))?.body as Buffer;
      expect(images(first)).toEqual(["600x120"]);

      const cdrKey = cdrKeyOf(id, "09");
      await objects.put(cdrKey, await cdrZip("09", SUNAT_QR_URL), "application/zip");
      view = { ...view, status: "accepted", cdr: cdrKey };
      await publish(broker.js, subjects.documentDespatchVerdict, verdict(id, "accepted", cdrKey), {
        msgId: `${id}:verdict`,
      });
      await until(() => rendered.filter((r) => r.documentId === id).length === 2);
      const second = (await objects.get(pdfKeyOf(id)))?.body as Buffer;
      expect(images(second)).toEqual(["600x120"]);
      expect(decodeQr(second, 1, 150)).toEqual([SUNAT_QR_URL]);
      expect(pdfText(second)).toContain("GUÍA DE REMISIÓN ELECTRÓNICA REMITENTE T001-5");
    } finally {
      await consumer.stop();
    }
  });

  it("parks a guide whose snapshot names a logo missing from the store as a dead letter", async () => {
    const dead = await broker.jsm.streams.info("DEAD_LETTERS").catch(() => null);
    const before = dead?.state.messages ?? 0;
    view = { ...view, logoKey: logoObjectKey({ companyId, livemode: false }, "5".repeat(64), "png") };
    const consumer = await start();
    try {
      const id = "doc_01JZ8X3P0A2B4C6D8E0GUIDE6";
      await publish(broker.js, subjects.documentSigned, signed(id, "09"), { msgId: `${id}:signed` });
      await until(async () => ((await broker.jsm.streams.info("DEAD_LETTERS")).state.messages ?? 0) > before);
      expect(rendered.some((r) => r.documentId === id)).toBe(false);
    } finally {
      await consumer.stop();
    }
  });

  it("parks a guide whose snapshot's logo is damaged as a dead letter, as an invoice's", async () => {
    const dead = await broker.jsm.streams.info("DEAD_LETTERS").catch(() => null);
    const before = dead?.state.messages ?? 0;
    const damaged = logoObjectKey({ companyId, livemode: false }, "6".repeat(64), "png");
    await objects.put(damaged, Buffer.from("not an image at all"), "image/png");
    view = { ...view, logoKey: damaged };
    const consumer = await start();
    try {
      const id = "doc_01JZ8X3P0A2B4C6D8E0GUIDE7";
      await publish(broker.js, subjects.documentSigned, signed(id, "09"), { msgId: `${id}:signed` });
      await until(async () => ((await broker.jsm.streams.info("DEAD_LETTERS")).state.messages ?? 0) > before);
      const parked = await broker.jsm.streams.getMessage("DEAD_LETTERS", {
        last_by_subj: "dead.rendering-signed",
      });
      // Parked at its first delivery: a permanent error, not retried.
      expect(parked?.json()).toMatchObject({ deliveries: 1, error: expect.stringContaining("logo") });
      expect(rendered.some((r) => r.documentId === id)).toBe(false);
    } finally {
      await consumer.stop();
    }
  });

  it("leaves rejections and verdicts without a CDR alone, without asking numbering", async () => {
    const consumer = await start();
    try {
      const id = "doc_01JZ8X3P0A2B4C6D8E0GUIDE3";
      await publish(broker.js, subjects.documentDespatchVerdict, verdict(id, "rejected", pdfKeyOf(id)), {
        msgId: `${id}:b`,
      });
      await publish(broker.js, subjects.documentDespatchVerdict, verdict(id, "accepted"), {
        msgId: `${id}:c`,
      });
      const settled = async () => {
        const info = await broker.jsm.consumers.info("DOCUMENTS", "rendering-despatch-verdict");
        return info.num_pending === 0 && info.num_ack_pending === 0;
      };
      await until(settled);
      expect(calls).toEqual([]);
      expect(rendered.some((r) => r.documentId === id)).toBe(false);
    } finally {
      await consumer.stop();
    }
  });

  it("drains a guide's verdict left on the retired consumer of every verdict, then deletes that consumer", async () => {
    // What an upgrade finds: the consumer of every verdict, still holding verdicts published before it.
    await ensureConsumer(broker.jsm, drainedConsumers.renderingVerdict);
    const id = "doc_01JZ8X3P0A2B4C6D8E0GUIDE8";
    const invoiceId = "doc_01JZ8X3P0A2B4C6D8E0INVC8";
    const cdrKey = cdrKeyOf(id, "09");
    await objects.put(cdrKey, await cdrZip("09", SUNAT_QR_URL), "application/zip");
    view = { ...view, status: "accepted", cdr: cdrKey };
    await publish(
      broker.js,
      subjects.documentVerdict,
      verdict(invoiceId, "accepted", cdrKeyOf(invoiceId, "01", "F001")),
      {
        msgId: `${invoiceId}:verdict`,
      },
    );
    await publish(broker.js, subjects.documentVerdict, verdict(id, "accepted", cdrKey), {
      msgId: `${id}:verdict`,
    });
    const consumer = await start();
    const draining = await drainConsumer(
      broker,
      drainedConsumers.renderingVerdict,
      (p) => consumer.accepted.execute(p),
      logger,
      {
        checkEveryMs: 50,
      },
    );
    try {
      await draining.drained;
      const pdf = (await objects.get(pdfKeyOf(id)))?.body as Buffer;
      expect(decodeQr(pdf, 1, 150)).toEqual([SUNAT_QR_URL]);
      // The invoice's verdict was acknowledged without a call to numbering.
      expect(calls).toEqual([id]);
      await expect(broker.jsm.consumers.info("DOCUMENTS", "rendering-verdict")).rejects.toThrow();
      // Once drained, a restart finds nothing to drain.
      const again = await drainConsumer(broker, drainedConsumers.renderingVerdict, async () => {}, logger);
      await again.drained;
    } finally {
      await draining.stop();
      await consumer.stop();
    }
  });

  it("parks an accepted guide whose CDR cannot be read as a dead letter", async () => {
    const dead = await broker.jsm.streams.info("DEAD_LETTERS").catch(() => null);
    const before = dead?.state.messages ?? 0;
    const consumer = await start();
    try {
      const id = "doc_01JZ8X3P0A2B4C6D8E0GUIDE4";
      // A key of the earlier layout (a folder per document) is still told a guide's.
      const cdrKey = `${companyId}/test/${id}/R-${ISSUER.ruc}-09-T001-5.zip`;
      await objects.put(cdrKey, Buffer.from("not a zip"), "application/zip");
      await publish(broker.js, subjects.documentDespatchVerdict, verdict(id, "accepted", cdrKey), {
        msgId: `${id}:v`,
      });
      await until(async () => ((await broker.jsm.streams.info("DEAD_LETTERS")).state.messages ?? 0) > before);
      expect(rendered.some((r) => r.documentId === id)).toBe(false);
    } finally {
      await consumer.stop();
    }
  });
});
