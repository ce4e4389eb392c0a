import { join } from "node:path";
import type { ComputedDocument, NoteRequest } from "@einvoice/domain";
import { computeDocument, computeNote } from "@einvoice/tax-engine";
import { conformanceDir, validateAgainstXsd } from "@einvoice/testkit";
import { beforeAll, describe, expect, it } from "vitest";
import { ISSUER } from "../test-support/fixtures.js";
import { tempDir, writeTemp, xmlsecVerifies } from "../test-support/xml-validation.js";
import { createTestCertificate } from "./certificates.js";
import { LeanSigner } from "./lean-signer.js";
import { buildNoteXml } from "./note-builder.js";
import type { SigningCredentials } from "./signer.js";
import { UblInputError } from "./xml-node.js";

const TODAY = "2026-11-23";
const XSD = {
  "07": join(conformanceDir, "xsd/ubl-2.1/maindoc/UBL-CreditNote-2.1.xsd"),
  "08": join(conformanceDir, "xsd/ubl-2.1/maindoc/UBL-DebitNote-2.1.xsd"),
};

const modified = (type: "01" | "03"): ComputedDocument => {
  const r = computeDocument(
    {
      series: type === "01" ? "F001" : "B001",
      ...(type === "01"
        ? { customer: { document_type: "6", document_number: "20100070970", name: "CLIENTE SAC" } }
        : {}),
      items: [
        { description: "Widget", quantity: 2, unit_price: "100.00" },
        { description: "Bolsa", quantity: 1, unit_price: "0.10", icbper: true },
      ],
    },
    { type, today: TODAY },
  );
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.document;
};

/** Every note kind the API offers: credit by items and by copy, debit by items, on an invoice and a receipt. */
const CASES: Record<string, { type: "07" | "08"; on: "01" | "03"; request: Omit<NoteRequest, "document"> }> =
  {
    "credit 07 (return per item) on an invoice": {
      type: "07",
      on: "01",
      request: {
        series: "FC01",
        reason_code: "07",
        description: "Devolución de una unidad",
        items: [{ description: "Widget", quantity: 1, unit_price: "100.00" }],
      },
    },
    "credit 01 (annulment, copied lines) on an invoice": {
      type: "07",
      on: "01",
      request: { series: "FC01", reason_code: "01", description: "Anulación de la operación" },
    },
    "credit 06 (total return) on a receipt": {
      type: "07",
      on: "03",
      request: { series: "BC01", reason_code: "06", description: "Devolución total" },
    },
    "debit 01 (interest) on an invoice": {
      type: "08",
      on: "01",
      request: {
        series: "FD01",
        reason_code: "01",
        description: "Intereses por mora",
        items: [{ description: "Intereses", quantity: 1, unit_price: "10.00" }],
      },
    },
    "debit 03 (penalty) on a receipt": {
      type: "08",
      on: "03",
      request: {
        series: "BD01",
        reason_code: "03",
        description: "Penalidad",
        items: [{ description: "Penalidad", quantity: 1, unit_price: "5.00", tax_affectation: "30" }],
      },
    },
  };

const note = (name: string): ComputedDocument => {
  const c = CASES[name]!;
  const r = computeNote(
    { ...c.request, document: "doc_1" },
    {
      type: c.type,
      today: TODAY,
      modified: {
        id: "doc_1",
        type: c.on,
        series: c.on === "01" ? "F001" : "B001",
        number: 12,
        issue_date: TODAY,
        computed: modified(c.on),
      },
    },
  );
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.document;
};

let credentials: SigningCredentials;
let dir = "";
let certFile = "";

beforeAll(() => {
  credentials = createTestCertificate({ ruc: ISSUER.ruc, legalName: ISSUER.legal_name });
  dir = tempDir();
  certFile = writeTemp(dir, "cert.pem", credentials.certificatePem);
});

describe("buildNoteXml", () => {
  it.each(Object.keys(CASES))("%s: signed, XSD-valid and xmlsec1-verified", (name) => {
    const doc = note(name);
    const signed = new LeanSigner().sign(
      buildNoteXml({ issuer: ISSUER, document: doc, number: 3 }),
      credentials,
    );
    const file = writeTemp(dir, `${name.replace(/\W+/g, "-")}.xml`, signed.xml);
    const xsd = validateAgainstXsd(XSD[doc.type as "07" | "08"], [file]);
    expect(xsd.output).toContain(`${file} validates`);
    expect(xmlsecVerifies(file, certFile)).toMatchObject({ ok: true });
  });

  it("prints the reason, the modified document and the debit note's RequestedMonetaryTotal", () => {
    const credit = buildNoteXml({
      issuer: ISSUER,
      document: note("credit 07 (return per item) on an invoice"),
      number: 3,
    });
    expect(credit).toMatch(
      /^<\?xml[^>]*\?><CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"/,
    );
    expect(credit).toContain("<cbc:ID>FC01-3</cbc:ID>");
    expect(credit).toMatch(
      /<cac:DiscrepancyResponse><cbc:ReferenceID>F001-12<\/cbc:ReferenceID><cbc:ResponseCode [^>]*catalogo09">07<\/cbc:ResponseCode><cbc:Description>Devolución de una unidad<\/cbc:Description><\/cac:DiscrepancyResponse>/,
    );
    expect(credit).toMatch(
      /<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>F001-12<\/cbc:ID><cbc:DocumentTypeCode [^>]*>01<\/cbc:DocumentTypeCode>/,
    );
    expect(credit).toContain(
      '<cbc:PayableAmount currencyID="PEN">118.00</cbc:PayableAmount></cac:LegalMonetaryTotal>',
    );
    expect(credit).toContain('<cbc:CreditedQuantity unitCode="NIU"');
    const debit = buildNoteXml({
      issuer: ISSUER,
      document: note("debit 01 (interest) on an invoice"),
      number: 1,
    });
    expect(debit).toContain(
      '<cbc:PayableAmount currencyID="PEN">11.80</cbc:PayableAmount></cac:RequestedMonetaryTotal>',
    );
    expect(debit).toContain("<cac:DebitNoteLine>");
    expect(debit).toMatch(/catalogo10">01<\/cbc:ResponseCode>/);
  });

  it("refuses a document that is not a note", () => {
    expect(() => buildNoteXml({ issuer: ISSUER, document: modified("01"), number: 1 })).toThrow(
      UblInputError,
    );
  });
});
