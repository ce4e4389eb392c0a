/**
 * The company's logo end to end: `PUT /v1/company/logo` with its refusals, the logo printed on the PDFs of the
 * invoices and guides issued after it (poppler's `pdfimages` finds it), a document keeping the logo it was issued
 * with when the logo changes or goes (a guide also on its re-render with SUNAT's QR), and the HTML email (a real SMTP server, parsed with `mailparser`) showing it inline
 * with a plain-text alternative.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, testJpeg, testPng } from "@einvoice/testkit";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootTestSystem, type TestSystem } from "./harness.js";
import { senderGuide } from "./support/requests.js";
import { arrangeScenario, eventually, finalDocument } from "./support/simulator-control.js";

const invoice = {
  series: "F001",
  customer: { document_type: "6", document_number: "20100070970", name: "CLIENTE <b>LOGO</b> SAC" },
  items: [{ description: "Diseño de marca", quantity: 1, unit_price: "100.00" }],
};

interface ImageRow {
  type: string;
  width: number;
  height: number;
  encoding: string;
}

/** The text of a PDF and the QR payloads zbarimg reads on its first page (none: empty). */
function readBack(pdf: Buffer): { text: string; qr: string[] } {
  const dir = mkdtempSync(join(tmpdir(), "brand-qr-"));
  try {
    const file = join(dir, "doc.pdf");
    writeFileSync(file, pdf);
    const text = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
    execFileSync("pdftoppm", [
      "-png",
      "-r",
      "150",
      "-f",
      "1",
      "-l",
      "1",
      "-singlefile",
      file,
      join(dir, "p"),
    ]);
    let out = "";
    try {
      out = execFileSync("zbarimg", ["--quiet", "--raw", join(dir, "p.png")], {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
      });
    } catch (error) {
      // zbarimg exits 4 when it finds no symbol.
      if ((error as { status?: number }).status !== 4) throw error;
    }
    return { text, qr: out.split("\n").filter((l) => l !== "") };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The images of a PDF as `pdfimages -list` reports them. */
function imagesOf(pdf: Buffer): ImageRow[] {
  const dir = mkdtempSync(join(tmpdir(), "brand-pdf-"));
  try {
    writeFileSync(join(dir, "doc.pdf"), pdf);
    return execFileSync("pdfimages", ["-list", join(dir, "doc.pdf")], { encoding: "utf8" })
      .split("\n")
      .slice(2)
      .filter((l) => l.trim() !== "")
      .map((l) => {
        const c = l.trim().split(/\s+/);
        return { type: c[2]!, width: Number(c[3]), height: Number(c[4]), encoding: c[8]! };
      })
      .filter((row) => row.type === "image");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("the company's logo", () => {
  let sys: TestSystem;
  let smtp: SMTPServer;
  const mails: { raw: Buffer; parsed: ParsedMail }[] = [];

  /** The JSON answer, read loosely: the tests check it field by field. */
  const json = async (res: Response): Promise<any> => res.json();
  const putLogo = (body: Buffer | string, contentType: string, key = sys.testKey) =>
    fetch(`${sys.system.baseUrl}/v1/company/logo`, {
      method: "PUT",
      headers: { authorization: `Bearer ${key}`, "content-type": contentType },
      body,
    });
  const getLogo = (key = sys.testKey) =>
    fetch(`${sys.system.baseUrl}/v1/company/logo`, { headers: { authorization: `Bearer ${key}` } });
  const file = async (id: string, format = "a4") => {
    const res = await fetch(`${sys.system.baseUrl}/v1/files/${id}/pdf?format=${format}`, {
      headers: { authorization: `Bearer ${sys.testKey}` },
    });
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  };
  const issue = async () => {
    const created = await sys.request("/v1/invoices", { body: invoice, headers: { prefer: "wait=20" } });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    await eventually(
      async () => (await sys.request(`/v1/documents/${id}`)).body,
      (doc) => Boolean(doc.links?.pdf),
    );
    return id;
  };

  beforeAll(async () => {
    const port = await freePort();
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          const raw = Buffer.concat(chunks);
          simpleParser(raw).then((parsed) => {
            mails.push({ raw, parsed });
            callback();
          }, callback);
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(port, "127.0.0.1", resolve));
    sys = await bootTestSystem({
      serviceEnv: {
        notification: { SMTP_URL: `smtp://127.0.0.1:${port}` },
        // A guide's ticket is polled briskly, so its accepted re-render comes within the test's wait.
        submission: {
          SUBMISSION_POLL_MS: "200",
          GRE_TICKET_POLL_FIRST_MS: "300",
          GRE_TICKET_POLL_MAX_MS: "600",
        },
      },
    });
  }, 240_000);

  afterAll(async () => {
    await sys?.stop();
    await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  });

  it("refuses what cannot be a logo: 415 for other types, 422 naming the problem", async () => {
    const text = await putLogo("hola", "text/plain");
    expect(text.status).toBe(415);
    expect((await json(text)).error.code).toBe("unsupported_media_type");
    const gif = await putLogo(Buffer.from("GIF89a\x01\x00\x01\x00"), "image/png");
    expect(gif.status).toBe(415);

    const mismatch = await putLogo(testPng(100, 40), "image/jpeg");
    expect(mismatch.status).toBe(422);
    expect((await json(mismatch)).error).toMatchObject({
      code: "logo_invalid",
      param: "body",
      message: expect.stringContaining("the body is a PNG image"),
    });
    const wide = await putLogo(testPng(2400, 100), "image/png");
    expect(wide.status).toBe(422);
    expect((await json(wide)).error).toMatchObject({
      code: "logo_too_large",
      message: expect.stringContaining("2400×100"),
    });
    expect((await getLogo()).status).toBe(404);
  });

  it("prints the logo on the PDFs of documents issued after it; each keeps its own when it changes", async () => {
    const png = testPng(600, 200, { alpha: true });
    const put = await putLogo(png, "image/png");
    expect(put.status).toBe(200);
    const resource = await json(put);
    expect(resource).toMatchObject({
      object: "company_logo",
      livemode: false,
      content_type: "image/png",
      size: png.length,
      width: 600,
      height: 200,
    });
    const got = await getLogo();
    expect(got.headers.get("etag")).toBe(`"${resource.sha256}"`);
    expect(Buffer.from(await got.arrayBuffer()).equals(png)).toBe(true);
    expect((await sys.request("/v1/company")).body.logo).toEqual(resource);
    // Scoped by mode: the live side has none.
    expect((await getLogo(sys.liveKey)).status).toBe(404);

    const first = await issue();
    const firstPdf = await file(first);
    expect(imagesOf(firstPdf)).toEqual([{ type: "image", width: 600, height: 200, encoding: "image" }]);
    expect(imagesOf(await file(first, "ticket"))).toHaveLength(1);

    const jpeg = testJpeg(300, 100);
    expect((await putLogo(jpeg, "image/jpeg")).status).toBe(200);
    const second = await issue();
    expect(imagesOf(await file(second))).toEqual([
      { type: "image", width: 300, height: 100, encoding: "jpeg" },
    ]);
    // The first document still prints the logo it was issued with, byte for byte the same PDF.
    expect((await file(first)).equals(firstPdf)).toBe(true);

    expect((await sys.request("/v1/company/logo", { method: "DELETE" })).status).toBe(204);
    expect((await sys.request("/v1/company/logo", { method: "DELETE" })).status).toBe(404);
    const third = await issue();
    expect(imagesOf(await file(third))).toEqual([]);
    expect(imagesOf(await file(second))).toHaveLength(1);
    (globalThis as Record<string, unknown>).__brandSecond = second;
    (globalThis as Record<string, unknown>).__brandJpeg = jpeg;
  });

  it("emails the document as HTML with a plain-text alternative, its issuer's logo inline", async () => {
    const id = (globalThis as Record<string, unknown>).__brandSecond as string;
    const jpeg = (globalThis as Record<string, unknown>).__brandJpeg as Buffer;
    const queued = await sys.request(`/v1/documents/${id}/email`, {
      body: { to: ["compras@cliente.com.pe"] },
    });
    expect(queued.status).toBe(202);
    await eventually(
      async () => (await sys.request(`/v1/emails/${queued.body.id}`)).body,
      (email) => email.status === "sent",
    );
    const { raw, parsed } = mails.at(-1)!;
    const source = raw.toString("latin1");
    expect(source).toMatch(/multipart\/alternative/);
    expect(source).toMatch(/multipart\/related/);
    expect(parsed.text).toContain("EMPRESA DE PRUEBA S.A.C.");
    expect(parsed.text).toContain("S/ 118.00");
    const html = String(parsed.html);
    expect(html).toContain("S/ 118.00");
    // The logo is the one the document was issued with (the company has none now), shown inline.
    const inline = parsed.attachments.find((a) => a.related);
    expect(inline?.contentType).toBe("image/jpeg");
    expect(inline?.content.equals(jpeg)).toBe(true);
    expect(html).toMatch(/<img src="[^"]+" width="240" height="80" alt="EMPRESA DE PRUEBA S\.A\.C\."/);
    // The documents still travel as attachments.
    expect(
      parsed.attachments
        .filter((a) => !a.related)
        .map((a) => a.contentType)
        .sort(),
    ).toEqual(["application/pdf", "application/xml", "application/zip"].sort());
  });

  it("prints the logo a guide was issued with, also on its re-render with SUNAT's QR after the logo changed", async () => {
    expect((await putLogo(testPng(480, 160), "image/png")).status).toBe(200);
    // SUNAT keeps the ticket in process for a while, so the verdict (and the re-render) comes after the change.
    await arrangeScenario(sys, { series: "T301" }, { ticket_pending_polls: 12 }, 1);
    const created = await sys.request("/v1/despatch_advices", {
      body: senderGuide("T301"),
      headers: { prefer: "wait=0" },
    });
    expect(created.status).toBe(202);
    const id = created.body.id as string;
    const early = await eventually(
      async () => (await sys.request(`/v1/documents/${id}`)).body,
      (doc) => Boolean(doc.links?.pdf),
      20_000,
    );
    expect(imagesOf(await file(id))).toEqual([{ type: "image", width: 480, height: 160, encoding: "image" }]);
    expect(early.status).toBe("pending");

    expect((await putLogo(testJpeg(200, 200), "image/jpeg")).status).toBe(200);
    const accepted = await finalDocument(sys, id, 60_000);
    expect(accepted.status).toBe("accepted");
    const pdf = await eventually(
      () => file(id),
      (bytes) => readBack(bytes).qr.length > 0,
      20_000,
    );
    const { text, qr } = readBack(pdf);
    expect(qr).toHaveLength(1);
    expect(qr[0]).toMatch(/^https:\/\/e-factura\.sunat\.gob\.pe\//);
    expect(text).toContain("GUÍA DE REMISIÓN ELECTRÓNICA REMITENTE");
    expect(text).toContain(`T301-${accepted.number}`);
    expect(imagesOf(pdf)).toEqual([{ type: "image", width: 480, height: 160, encoding: "image" }]);
  });
});
