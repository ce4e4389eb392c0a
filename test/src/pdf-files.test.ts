import { execFileSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootTestSystem, type TestSystem } from "./harness.js";
import { eventually } from "./support/simulator-control.js";

describe("the PDF of an issued document", () => {
  let sys: TestSystem;
  let dir: string;

  beforeAll(async () => {
    sys = await bootTestSystem();
    dir = await mkdtemp(join(tmpdir(), "pdf-e2e-"));
  });

  afterAll(async () => {
    await sys?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it("should appear in links.pdf once rendered, readable and with SUNAT's QR", async () => {
    const created = await sys.request("/v1/invoices", {
      method: "POST",
      body: {
        series: "F001",
        customer: { document_type: "6", document_number: "20100070970", name: "CLIENTE EJEMPLO SAC" },
        items: [{ description: "Servicio de diseño", quantity: 1, unit_price: "100.00" }],
      },
      headers: { prefer: "wait=20" },
    });
    expect(created.body.status).toBe("accepted");
    const id = created.body.id;
    const document = await eventually(
      async () => (await sys.request(`/v1/documents/${id}`)).body,
      (doc) => doc.links.pdf !== null,
    );
    expect(document.links.pdf).toMatch(new RegExp(`/v1/files/${id}/pdf`));

    const res = await fetch(document.links.pdf, { headers: { authorization: `Bearer ${sys.testKey}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const file = join(dir, `${id}.pdf`);
    await writeFile(file, Buffer.from(await res.arrayBuffer()));
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
    expect(text).toContain(`F001-${document.number}`);
    expect(text).toContain("CLIENTE EJEMPLO SAC");
    expect(text).toContain("118.00");
    expect(text).toMatch(/SON:\s+CIENTO DIECIOCHO CON 00\/100 SOLES/);
    expect(text).toContain(document.hash);

    execFileSync("pdftoppm", ["-png", "-r", "150", "-f", "1", "-l", "1", file, join(dir, "page")]);
    const qr = execFileSync("zbarimg", ["--quiet", "--raw", join(dir, "page-1.png")], {
      encoding: "utf8",
    }).trim();
    expect(qr).toBe(
      `20000000001|01|F001|${document.number}|18.00|118.00|${document.issue_date}|6|20100070970|${document.hash}|`,
    );
  });
});
