import { execFileSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readCdrZip } from "@einvoice/sunat";
import { requireBinaries } from "@einvoice/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootTestSystem, type TestSystem } from "./harness.js";
import { senderGuide } from "./support/requests.js";
import { arrangeScenario, eventually, finalDocument } from "./support/simulator-control.js";

/**
 * A guide's PDF (issue 13, spec rule 11) through the whole system: links.pdf appears once the guide is signed,
 * without a QR while SUNAT has not answered, and after acceptance the PDF carries the QR URL SUNAT returned.
 */

const guide = (series: string) => senderGuide(series, { packages: 3 });

describe("a guide's PDF", () => {
  let sys: TestSystem;
  let dir: string;

  beforeAll(async () => {
    requireBinaries("pdftotext", "pdftoppm", "zbarimg");
    dir = await mkdtemp(join(tmpdir(), "despatch-pdf-"));
    sys = await bootTestSystem({
      serviceEnv: {
        submission: {
          SUBMISSION_POLL_MS: "200",
          GRE_TICKET_POLL_FIRST_MS: "300",
          GRE_TICKET_POLL_MAX_MS: "600",
        },
      },
    });
  });
  afterAll(async () => {
    await sys?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** The PDF behind links.pdf: its text and the QR payloads zbarimg reads on page 1 (none: empty). */
  async function readPdf(link: string, name: string): Promise<{ text: string; qr: string[] }> {
    const res = await fetch(link, { headers: { authorization: `Bearer ${sys.testKey}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const file = join(dir, `${name}.pdf`);
    await writeFile(file, Buffer.from(await res.arrayBuffer()));
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
      join(dir, name),
    ]);
    let out = "";
    try {
      out = execFileSync("zbarimg", ["--quiet", "--raw", join(dir, `${name}.png`)], {
        encoding: "utf8",
        // zbar prints a D-Bus warning on machines without one; only the decoded text matters.
        stdio: ["ignore", "pipe", "ignore"],
      });
    } catch (error) {
      // zbarimg exits 4 when it finds no symbol.
      if ((error as { status?: number }).status !== 4) throw error;
    }
    return { text, qr: out.split("\n").filter((l) => l !== "") };
  }

  it("appears in links.pdf without a QR while SUNAT answers 98, then carries SUNAT's QR once accepted", async () => {
    // SUNAT keeps the ticket in process for a while: the first PDF is printed before any verdict.
    await arrangeScenario(sys, { series: "T201" }, { ticket_pending_polls: 12 }, 1);
    const created = await sys.request("/v1/despatch_advices", {
      body: guide("T201"),
      headers: { prefer: "wait=0" },
    });
    expect(created.status).toBe(202);
    const id = created.body.id as string;
    const early = await eventually(
      async () => (await sys.request(`/v1/documents/${id}`)).body,
      (doc) => doc.links.pdf !== null,
      20_000,
    );
    expect(early.links.pdf).toMatch(new RegExp(`/v1/files/${id}/pdf`));
    expect(early.status).toBe("pending");
    const first = await readPdf(early.links.pdf, "early");
    expect(first.text).toContain("GUÍA DE REMISIÓN ELECTRÓNICA REMITENTE");
    expect(first.text).toContain(`T201-${early.number}`);
    expect(first.text).toContain("CLIENTE EJEMPLO SAC");
    expect(first.text).toContain("Placa ABC123");
    expect(first.text).toContain("Licencia Q45678901");
    expect(first.text).toContain("Cajas de tornillos");
    expect(first.text).toContain(early.hash);
    expect(first.qr).toEqual([]);

    const accepted = await finalDocument(sys, id, 40_000);
    expect(accepted.status).toBe("accepted");
    const cdr = await fetch(accepted.links.cdr);
    const qrUrl = readCdrZip(Buffer.from(await cdr.arrayBuffer())).cdr.documentDescription;
    expect(qrUrl).toMatch(
      /^https:\/\/e-factura\.sunat\.gob\.pe\/v1\/contribuyente\/gre\/comprobantes\/descargaqr\?/,
    );
    let n = 0;
    const last = await eventually(
      () => readPdf(accepted.links.pdf, `accepted-${n++}`),
      (pdf) => pdf.qr.length > 0,
      20_000,
    );
    expect(last.qr).toEqual([qrUrl]);
    expect(last.text).toContain(`T201-${accepted.number}`);
  });

  it("a carrier's guide (31) accepted at once carries SUNAT's QR", async () => {
    const created = await sys.request("/v1/despatch_advices", {
      body: {
        ...guide("V201"),
        reason_code: undefined,
        transport_mode: undefined,
        sender: { document_type: "6", document_number: "20500000008", name: "REMITENTE SAC" },
        // What SUNAT would otherwise observe (4399, 4388), so the guide is accepted without notes.
        vehicles: [{ plate: "ABC123", certificate: "15M21028250E" }],
        freight_payer: "sender",
      },
      headers: { prefer: "wait=20" },
    });
    expect(created.status).toBe(202);
    const accepted = await finalDocument(sys, created.body.id, 40_000);
    expect(accepted.status).toBe("accepted");
    const cdr = await fetch(accepted.links.cdr);
    const qrUrl = readCdrZip(Buffer.from(await cdr.arrayBuffer())).cdr.documentDescription;
    let n = 0;
    const pdf = await eventually(
      async () => {
        const doc = (await sys.request(`/v1/documents/${created.body.id}`)).body;
        return doc.links.pdf ? readPdf(doc.links.pdf, `carrier-${n++}`) : { text: "", qr: [] as string[] };
      },
      (p) => p.qr.length > 0,
      20_000,
    );
    expect(pdf.qr).toEqual([qrUrl]);
    expect(pdf.text).toContain("GUÍA DE REMISIÓN ELECTRÓNICA TRANSPORTISTA");
    expect(pdf.text).toContain("REMITENTE SAC");
  });
});
