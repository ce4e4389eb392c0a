/**
 * Issue 4: a wide matrix of invoices and receipts issued through the running system (`Prefer: wait=20`). For each
 * signed XML fetched from `links.xml`:
 *   1. it validates against the UBL 2.1 Invoice XSD (xmllint);
 *   2. xmlsec1 verifies its enveloped signature with the certificate it carries, and rejects a tampered copy;
 *   3. its figures equal the Document's `amounts` / `total` and a hand-computed oracle per row, and they add up
 *      (support/ubl-matrix-figures.ts);
 *   4. the Document's `hash` is the XML's `ds:DigestValue`;
 *   5. the file is named `RUC-TT-SERIE-NUMERO.xml`;
 * and the Document ends `accepted` by the simulator, which re-checks SUNAT's sum rules.
 *
 * The rows (support/ubl-matrix-cases*.ts) are computed by hand from the request, independently of the tax engine.
 */
import { requireBinaries, validateAgainstXsd, type XsdVerdict } from "@einvoice/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootTestSystem, type TestSystem } from "./harness.js";
import { TYPE_CODE } from "./support/requests.js";
import { ROWS, SERIES } from "./support/ubl-matrix-cases.js";
import { expectFigures } from "./support/ubl-matrix-figures.js";
import { type Issued, issueRow, pool } from "./support/ubl-matrix-issue.js";
import { expectSignatureVerifies } from "./support/ubl-matrix-signature.js";
import { digestValueOf, INVOICE_XSD, type TempDir, tempDir } from "./support/xml-tools.js";

describe("UBL matrix through the running system", () => {
  let sys: TestSystem;
  let dir: TempDir;
  let ruc = "";
  const issued = new Map<string, Issued>();
  let xsd: XsdVerdict;

  beforeAll(async () => {
    requireBinaries("xmllint", "xmlsec1");
    dir = tempDir();
    sys = await bootTestSystem();
    ruc = (await sys.request("/v1/company")).body.ruc;
    const results = await pool(ROWS, 4, (row) => issueRow(sys, dir, row, SERIES[row.kind]));
    for (const r of results) issued.set(`${r.row.kind}: ${r.row.name}`, r);
    xsd = validateAgainstXsd(
      INVOICE_XSD,
      results.filter((r) => r.xml).map((r) => r.file),
    );
  });

  afterAll(async () => {
    await sys?.stop();
    dir?.remove();
  });

  it("every row has a unique name", () => {
    expect(new Set(ROWS.map((r) => `${r.kind}: ${r.name}`)).size).toBe(ROWS.length);
  });

  it("numbers each series 1..n without gaps or repeats", () => {
    for (const kind of ["invoice", "receipt"] as const) {
      const numbers = [...issued.values()]
        .filter((i) => i.row.kind === kind)
        .map((i) => i.document.number)
        .sort((a, b) => a - b);
      expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
    }
  });

  describe.each(ROWS.map((row) => [`${row.kind}: ${row.name}`]))("%s", (key) => {
    const get = (): Issued => {
      const found = issued.get(key);
      if (!found) throw new Error(`${key} was not issued`);
      return found;
    };

    it("ends accepted by the simulator", () => {
      const { status, document, row } = get();
      expect(status, JSON.stringify(document)).toBe(201);
      expect(document).toMatchObject({
        object: "document",
        livemode: false,
        type: TYPE_CODE[row.kind],
        series: SERIES[row.kind],
        status: "accepted",
        sunat: { code: "0", notes: [], simulated: true },
      });
    });

    it("serves the XML with the key or by its signed link, named RUC-TT-SERIE-NUMERO.xml", () => {
      const { document, fileName, xmlStatus, unauthenticatedStatus, signedLinkSameBytes, row } = get();
      expect(xmlStatus).toBe(200);
      expect(unauthenticatedStatus).toBe(401);
      expect(signedLinkSameBytes).toBe(true);
      expect(document.links.xml).toMatch(new RegExp(`/v1/files/${document.id}/xml\\?company=`));
      expect(fileName).toBe(`${ruc}-${TYPE_CODE[row.kind]}-${document.series}-${document.number}.xml`);
      expect(fileName).toMatch(/^\d{11}-(01|03)-[FB][A-Z0-9]{3}-[1-9]\d{0,7}\.xml$/);
    });

    it("validates against the UBL 2.1 Invoice XSD", () => {
      const { file } = get();
      const messages = xsd.output
        .split("\n")
        .filter((l) => l.includes(file))
        .join("\n");
      expect(xsd.valid.has(file), messages).toBe(true);
    });

    it("carries an RSA-SHA256 enveloped signature that xmlsec1 verifies, and a tampered copy fails", () => {
      expectSignatureVerifies(get(), dir, ruc);
    });

    it("has the Document's hash as its ds:DigestValue", () => {
      const { xml, document } = get();
      expect(document.hash).toBe(digestValueOf(xml));
    });

    it("prints the Document's amounts, the hand-computed figures, and they add up", () => {
      expectFigures(get());
    });
  });
});
