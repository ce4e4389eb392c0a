import { zipDocument } from "@einvoice/sunat";
import { zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { golden } from "../../test-support/fixtures.js";
import { validateInvoiceSubmission } from "./submission-check.js";

// Golden factura FF11-1 issued by RUC 12345678912.
const factura = golden("Group1Test/factura1Con3Items.xml");
const RUC = "12345678912";
const NAME = `${RUC}-01-FF11-1`;
const utf8 = (s: string) => new TextEncoder().encode(s);

async function check(fileName: string, zip: Buffer | Uint8Array, senderRuc = RUC) {
  return validateInvoiceSubmission({ fileName, zip: Buffer.from(zip), senderRuc });
}

describe("validateInvoiceSubmission", () => {
  it("accepts a well-named zip and returns the document identity", async () => {
    const result = await check(`${NAME}.zip`, await zipDocument(NAME, factura));
    expect(result).toMatchObject({
      ok: true,
      fileName: { ruc: RUC, type: "01", series: "FF11", number: "1" },
      document: { root: "Invoice", ruc: RUC, type: "01", series: "FF11", number: "1" },
    });
  });

  it("tolerates zero-padded numbers in the name and non-xml extras like dummy", async () => {
    const padded = `${RUC}-01-FF11-00000001`;
    const zip = zipSync({ [`${padded}.xml`]: utf8(factura), dummy: new Uint8Array() });
    expect((await check(`${padded}.zip`, zip)).ok).toBe(true);
  });

  it.each([
    ["0151 zip name", "factura.zip", async () => zipDocument(NAME, factura), RUC],
    ["0154 sender is not the issuer", `${NAME}.zip`, async () => zipDocument(NAME, factura), "20000000001"],
    ["0155 empty zip", `${NAME}.zip`, async () => Buffer.alloc(0), RUC],
    ["0156 corrupt zip", `${NAME}.zip`, async () => Buffer.from("PK\u0003\u0004 broken"), RUC],
    ["0157 no xml inside", `${NAME}.zip`, async () => zipSync({ "readme.txt": utf8("hi") }), RUC],
    [
      "0158 two xml files",
      `${NAME}.zip`,
      async () => zipSync({ [`${NAME}.xml`]: utf8(factura), "other.xml": utf8(factura) }),
      RUC,
    ],
    ["0159 xml name", `${NAME}.zip`, async () => zipSync({ "factura.xml": utf8(factura) }), RUC],
    ["0161 xml name ≠ zip name", `${NAME}.zip`, async () => zipDocument(`${RUC}-01-FF11-2`, factura), RUC],
    ["0160 empty xml", `${NAME}.zip`, async () => zipSync({ [`${NAME}.xml`]: new Uint8Array() }), RUC],
    [
      "0306 unparseable xml",
      `${NAME}.zip`,
      async () => zipDocument(NAME, factura.replace("</Invoice>", "")),
      RUC,
    ],
    [
      "1034 RUC of name ≠ content",
      "20000000001-01-FF11-1.zip",
      async () => zipDocument("20000000001-01-FF11-1", factura),
      "20000000001",
    ],
    [
      "1003 type of name ≠ content",
      `${RUC}-03-FF11-1.zip`,
      async () => zipDocument(`${RUC}-03-FF11-1`, factura),
      RUC,
    ],
    [
      "1035 series of name ≠ content",
      `${RUC}-01-FF12-1.zip`,
      async () => zipDocument(`${RUC}-01-FF12-1`, factura),
      RUC,
    ],
    [
      "1036 number of name ≠ content",
      `${RUC}-01-FF11-2.zip`,
      async () => zipDocument(`${RUC}-01-FF11-2`, factura),
      RUC,
    ],
  ] as const)("%s", async (label, fileName, makeZip, sender) => {
    const result = await check(fileName, await makeZip(), sender);
    expect(result).toMatchObject({ ok: false, code: label.slice(0, 4) });
    if (!result.ok) expect(result.message).not.toBe("");
  });
});
