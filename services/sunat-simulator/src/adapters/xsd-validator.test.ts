import { join } from "node:path";
import { conformanceDir, requireBinaries } from "@einvoice/testkit";
import { describe, expect, it } from "vitest";
import { builtInvoice } from "../../test-support/signing.js";
import { documentView, sendBill, startTestSimulator } from "../../test-support/test-simulator.js";
import { XmllintValidator } from "./xsd-validator.js";

const MAINDOC = join(conformanceDir, "xsd/ubl-2.1/maindoc");
const SUMMARY_MAINDOC = join(conformanceDir, "xsd/sunat-ubl-2.0/maindoc");
// Fails loudly without xmllint (npm test's bootstrap installs it): a skipped check is not a passed one.
requireBinaries("xmllint");

/** Swaps UBLVersionID and CustomizationID: well-formed, signed, but out of the schema's sequence. */
const outOfOrder = (xml: string) =>
  xml.replace(
    /(<cbc:UBLVersionID>[^<]*<\/cbc:UBLVersionID>)(\s*)(<cbc:CustomizationID[^>]*>[^<]*<\/cbc:CustomizationID>)/,
    "$3$2$1",
  );

describe("XmllintValidator", () => {
  const validator = new XmllintValidator(`${MAINDOC}:${SUMMARY_MAINDOC}`);

  it("finds schemas across the configured directories", () => {
    expect(validator.schemaFor("Invoice")).toMatch(/UBL-Invoice-2\.1\.xsd$/);
    expect(validator.schemaFor("VoidedDocuments")).toMatch(/UBL-VoidedDocuments-2\.0\.xsd$/);
    expect(validator.schemaFor("Unknown")).toBeUndefined();
    expect(new XmllintValidator(MAINDOC).schemaFor("SummaryDocuments")).toBeUndefined();
  });

  it("passes a signed invoice and reports xmllint's message for one out of order", async () => {
    expect(await validator.validate(builtInvoice(1), "Invoice")).toEqual({ ok: true });
    const invalid = await validator.validate(builtInvoice(1, outOfOrder), "Invoice");
    expect(invalid).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^line \d+: element UBLVersionID: Schemas validity error/),
    });
  });

  it("skips a root without a schema", async () => {
    expect(
      await new XmllintValidator(MAINDOC).validate("<SummaryDocuments/>", "SummaryDocuments"),
    ).toMatchObject({
      ok: "skipped",
    });
  });

  it("sendBill answers 0306 with the xmllint message and registers nothing", async () => {
    const t = await startTestSimulator({ xsd: new XmllintValidator(MAINDOC) });
    try {
      const stem = "20123456786-01-F001-5";
      const invalid = await sendBill(t, stem, builtInvoice(5, outOfOrder));
      expect(invalid.response).toMatchObject({
        kind: "fault",
        code: "0306",
        faultString: expect.stringMatching(/^No se puede leer \(parsear\) el archivo XML - line \d+: /),
      });
      expect((await documentView(t, stem)).body).toMatchObject({ registered: false, send_bill_calls: 1 });
      expect((await sendBill(t, stem, builtInvoice(5))).response.kind).toBe("applicationResponse");
    } finally {
      await t.close();
    }
  });
});
