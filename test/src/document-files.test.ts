/**
 * A document's files as a caller and their customer fetch them over HTTP: the bytes as stored (the XML still
 * verifies with xmlsec1, the CDR is SUNAT's zip), signed links that open without a key, owner-only access, HEAD and
 * ETags, both PDF formats; and a stalled renderer never holds the verdict back.
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { FilesystemObjectStore } from "@einvoice/objects";
import { unzipEntries } from "@einvoice/sunat";
import { requireBinaries, xmlsecVerify } from "@einvoice/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootTestSystem, type TestSystem } from "./harness.js";
import { eventually } from "./support/simulator-control.js";
import { certificateFromXml, type TempDir, tempDir } from "./support/xml-tools.js";

const invoice = {
  series: "F001",
  customer: { document_type: "6", document_number: "20100070970", name: "CLIENTE ARCHIVOS SAC" },
  items: [{ description: "Servicio de impresión", quantity: 1, unit_price: "100.00" }],
};

const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe("the files of a document", () => {
  let sys: TestSystem;
  let dir: TempDir;
  let objects: FilesystemObjectStore;
  let document: any;

  const stored = async (fileName: string) =>
    (await objects.get(`${sys.companyId}/test/${document.issue_date}/${document.id}_${fileName}`))?.body;

  beforeAll(async () => {
    requireBinaries("xmlsec1", "pdftotext", "pdfinfo");
    sys = await bootTestSystem();
    dir = tempDir();
    objects = await FilesystemObjectStore.open(join(sys.system.dataDir, "objects"));
    const created = await sys.request("/v1/invoices", { body: invoice, headers: { prefer: "wait=20" } });
    expect(created.body.status).toBe("accepted");
    document = await eventually(
      async () => (await sys.request(`/v1/documents/${created.body.id}`)).body,
      (doc) => doc.links.pdf !== null,
    );
  });

  afterAll(async () => {
    await sys?.stop();
    dir?.remove();
  });

  it("serves the signed XML byte for byte, by its signed link without a key, and it still verifies", async () => {
    const res = await fetch(document.links.xml);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/xml");
    const name = `20000000001-01-F001-${document.number}.xml`;
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${name}"`);
    const body = await bytesOf(res);
    expect(body.equals((await stored(name))!)).toBe(true);
    const xml = body.toString("utf8");
    const file = dir.write(name, xml);
    const certificate = dir.write("signer.pem", certificateFromXml(xml).pem);
    const verdict = xmlsecVerify(file, certificate);
    expect(verdict.ok, verdict.output).toBe(true);
  });

  it("serves SUNAT's CDR as stored: a zip holding its ApplicationResponse for this document", async () => {
    const res = await fetch(document.links.cdr);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    const name = `R-20000000001-01-F001-${document.number}.zip`;
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${name}"`);
    const body = await bytesOf(res);
    expect(body.equals((await stored(name))!)).toBe(true);
    const [entry] = unzipEntries(body).filter((e) => e.name.endsWith(".xml"));
    const response = Buffer.from(entry!.data).toString("utf8");
    expect(response).toContain("ApplicationResponse");
    expect(response).toMatch(/<cbc:ResponseCode[^>]*>0<\/cbc:ResponseCode>/);
    expect(response).toContain(`F001-${document.number}`);
  });

  it("serves the PDF inline in both formats: A4 by default, 80 mm with format=ticket", async () => {
    const a4 = await fetch(document.links.pdf);
    expect(a4.status).toBe(200);
    expect(a4.headers.get("content-type")).toBe("application/pdf");
    expect(a4.headers.get("content-disposition")).toBe(
      `inline; filename="20000000001-01-F001-${document.number}.pdf"`,
    );
    const ticketUrl = new URL(document.links.pdf);
    ticketUrl.searchParams.set("format", "ticket");
    const ticket = await fetch(ticketUrl);
    expect(ticket.status).toBe(200);
    expect(ticket.headers.get("content-disposition")).toBe(
      `inline; filename="20000000001-01-F001-${document.number}-ticket.pdf"`,
    );
    const widths: number[] = [];
    for (const [label, res] of [
      ["a4", a4],
      ["ticket", ticket],
    ] as const) {
      const file = join(dir.path, `${label}.pdf`);
      writeFileSync(file, await bytesOf(res));
      expect(execFileSync("pdftotext", [file, "-"], { encoding: "utf8" })).toContain(
        `F001-${document.number}`,
      );
      const size = /Page size:\s+([\d.]+) x/.exec(execFileSync("pdfinfo", [file], { encoding: "utf8" }));
      widths.push(Number(size![1]));
    }
    // A4 is 595 pt wide; 80 mm is 226.8 pt.
    expect(widths.map(Math.round)).toEqual([595, 227]);
  });

  it("answers HEAD and If-None-Match without sending the bytes", async () => {
    const get = await fetch(document.links.pdf);
    await get.arrayBuffer();
    const head = await fetch(document.links.pdf, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(get.headers.get("content-length"));
    expect(head.headers.get("etag")).toBe(get.headers.get("etag"));
    const again = await fetch(document.links.pdf, { headers: { "if-none-match": get.headers.get("etag")! } });
    expect(again.status).toBe(304);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
  });

  it("answers the owner's key on the bare path, and 404 to the other mode's key, as for an unknown id", async () => {
    const bare = `${sys.system.baseUrl}/v1/files/${document.id}/xml`;
    expect((await fetch(bare, { headers: { authorization: `Bearer ${sys.testKey}` } })).status).toBe(200);
    const live = await fetch(bare, { headers: { authorization: `Bearer ${sys.liveKey}` } });
    expect(live.status).toBe(404);
    const unknown = await fetch(`${sys.system.baseUrl}/v1/files/doc_00000000000000000000/xml`, {
      headers: { authorization: `Bearer ${sys.testKey}` },
    });
    expect(await live.json()).toEqual(
      expect.objectContaining({ error: expect.objectContaining({ code: "resource_missing", param: "id" }) }),
    );
    expect(unknown.status).toBe(404);
    // A key always wins over a link: the live key with the test link's signature still gets 404.
    const withLink = await fetch(document.links.xml, { headers: { authorization: `Bearer ${sys.liveKey}` } });
    expect(withLink.status).toBe(404);
  });

  it("refuses a signed link moved to another document or company, and one whose signature was cut", async () => {
    const other = await sys.request("/v1/invoices", { body: invoice });
    const moved = new URL(document.links.xml);
    moved.pathname = `/v1/files/${other.body.id}/xml`;
    expect((await fetch(moved)).status).toBe(403);
    const company = new URL(document.links.xml);
    company.searchParams.set("company", "cmp_00000000000000000000");
    expect((await fetch(company)).status).toBe(403);
    const cut = new URL(document.links.xml);
    cut.searchParams.set("signature", cut.searchParams.get("signature")!.slice(0, 20));
    const res = await fetch(cut);
    expect(res.status).toBe(403);
    expect(((await res.json()) as any).error.code).toBe("file_link_invalid");
  });

  it("gives the verdict while the renderer is stalled, and the PDF once it resumes", async () => {
    const rendering = sys.system.pid("rendering")!;
    process.kill(rendering, "SIGSTOP");
    let id: string;
    try {
      const created = await sys.request("/v1/invoices", { body: invoice, headers: { prefer: "wait=20" } });
      expect(created.body.status).toBe("accepted");
      expect(created.body.links.pdf).toBeNull();
      id = created.body.id;
      const early = await fetch(`${sys.system.baseUrl}/v1/files/${id}/pdf`, {
        headers: { authorization: `Bearer ${sys.testKey}` },
      });
      expect(early.status).toBe(404);
      expect(early.headers.get("retry-after")).toBe("2");
      expect(((await early.json()) as any).error.code).toBe("file_not_ready");
    } finally {
      process.kill(rendering, "SIGCONT");
    }
    const rendered = await eventually(
      async () => (await sys.request(`/v1/documents/${id}`)).body,
      (doc) => doc.links.pdf !== null,
    );
    expect(rendered.status).toBe("accepted");
    expect((await fetch(rendered.links.pdf)).status).toBe(200);
  });
});
