/**
 * The ticket on demand: made from the register's stored document, at the key the register keeps for it, the same
 * bytes on every call (two first requests at once included), and refused in plain terms when there is nothing to
 * print yet.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { create } from "@bufbuild/protobuf";
import type { Client } from "@connectrpc/connect";
import { computedDocuments, issuers } from "@einvoice/contracts";
import { logoObjectKey } from "@einvoice/domain";
import { FilesystemObjectStore } from "@einvoice/objects";
import { loadPdfFonts, renderDocumentPdf } from "@einvoice/pdf";
import { Code, ConnectError } from "@einvoice/platform";
import { DocumentSchema, GetDocumentResponseSchema, type NumberingService } from "@einvoice/proto";
import { testJpeg, testPng } from "@einvoice/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONSULT_URL, HASH, pdfInput } from "../../../../packages/pdf/test-support/documents.js";
import { IssuerLogos } from "./issuer-logos.js";
import { RenderTicket } from "./render-ticket.js";

const scope = { companyId: "cmp_01JZ8X3P0A2B4C6D8E0F2G4H6J", livemode: false };
const input = pdfInput("03-dni");
const ticketKey = `${scope.companyId}/test/2025-03-14/doc_01JZ8X3P0A2B4C6D8E0F2GTCKT_20123456786-03-B001-1234-ticket.pdf`;

/** The register's answer for a signed receipt, as GetDocument gives it. */
const view = (over: { hash?: string; pdfTicket?: string; logoKey?: string } = {}) =>
  create(GetDocumentResponseSchema, {
    document: create(DocumentSchema, { id: "doc_01JZ8X3P0A2B4C6D8E0F2GTCKT", number: 1234, hash: over.hash }),
    files: { pdf: ticketKey.replace("-ticket", ""), pdfTicket: over.pdfTicket },
    issuer: issuers.toMessage({ ...input.issuer, ...(over.logoKey ? { logo_key: over.logoKey } : {}) }),
    computed: computedDocuments.toMessage(input.computed),
  });

describe("RenderTicket", () => {
  let dir: string;
  let objects: FilesystemObjectStore;
  const fonts = loadPdfFonts();
  const renderTicket = (answer: ReturnType<typeof view>) =>
    new RenderTicket({
      numbering: { getDocument: async () => answer } as unknown as Client<typeof NumberingService>,
      objects,
      logos: new IssuerLogos(objects, 1 << 20),
      consultUrl: CONSULT_URL,
      fonts,
    });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "render-ticket-test-"));
    objects = await FilesystemObjectStore.open(dir);
  });
  afterAll(() => dir && rmSync(dir, { recursive: true, force: true }));

  it("writes the 80 mm ticket of the stored document at its ticket key, the same bytes on concurrent calls", async () => {
    const render = renderTicket(view({ hash: HASH, pdfTicket: ticketKey }));
    const [first, second] = await Promise.all([
      render.execute({ scope, documentId: "doc_01JZ8X3P0A2B4C6D8E0F2GTCKT" }),
      render.execute({ scope, documentId: "doc_01JZ8X3P0A2B4C6D8E0F2GTCKT" }),
    ]);
    expect([first, second]).toEqual([ticketKey, ticketKey]);
    const stored = await objects.get(ticketKey);
    expect(stored?.contentType).toBe("application/pdf");
    // What the layout prints for this document on a roll, made here and now with no register in between.
    const expected = await renderDocumentPdf(
      { ...input, number: 1234, hash: HASH, consult_url: CONSULT_URL, livemode: false },
      { format: "ticket", fonts },
    );
    expect(stored?.body.equals(expected)).toBe(true);
  });

  it("prints the logo the stored issuer snapshot names, not a later one of the company", async () => {
    const issuedWith = logoObjectKey(scope, "1".repeat(64), "png");
    await objects.put(issuedWith, testPng(500, 100), "image/png");
    await objects.put(logoObjectKey(scope, "2".repeat(64), "jpeg"), testJpeg(100, 100), "image/jpeg");
    const key = `${ticketKey}.logo`;
    await renderTicket(view({ hash: HASH, pdfTicket: key, logoKey: issuedWith })).execute({
      scope,
      documentId: "doc_01JZ8X3P0A2B4C6D8E0F2GTCKT",
    });
    const path = join(dir, "ticket-with-logo.pdf");
    writeFileSync(path, (await objects.get(key))!.body);
    const list = execFileSync("pdfimages", ["-list", path], { encoding: "utf8" });
    expect(list).toMatch(/\bimage\s+500\s+100\b/);
    expect(list).not.toMatch(/\bimage\s+100\s+100\b/);
  });

  it("refuses a document with no ticket key or no signature yet as FAILED_PRECONDITION, writing nothing", async () => {
    for (const answer of [view({ hash: HASH }), view({ pdfTicket: `${ticketKey}.unsigned` })]) {
      const error = await renderTicket(answer)
        .execute({ scope, documentId: "doc_01JZ8X3P0A2B4C6D8E0F2GTCKT" })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConnectError);
      expect((error as ConnectError).code).toBe(Code.FailedPrecondition);
    }
    expect(await objects.get(`${ticketKey}.unsigned`)).toBeNull();
  });
});
