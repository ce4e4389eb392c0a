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

/** The modified invoice or receipt; `credit` sells the invoice on credit, one installment of its total. */
const modified = (type: "01" | "03", credit = false): ComputedDocument => {
  const r = computeDocument(
    {
      ...(credit
        ? {
            payment: {
              type: "credit" as const,
              installments: [{ amount: modified(type).amounts.total, due_date: "2026-12-23" }],
            },
          }
        : {}),
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
const CASES: Record<
  string,
  { type: "07" | "08"; on: "01" | "03"; credit?: boolean; request: Omit<NoteRequest, "document"> }
> = {
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
  "credit 13 (new installments, zero amounts) on a credit invoice": {
    type: "07",
    on: "01",
    credit: true,
    request: {
      series: "FC01",
      reason_code: "13",
      description: "Nuevo cronograma de pagos",
      payment: {
        installments: [
          { amount: "100.00", due_date: "2027-01-15" },
          { amount: "50.00", due_date: "2027-02-15" },
        ],
      },
    },
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
        computed: modified(c.on, c.credit),
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

  it("states code 13's FormaPago after the parties, with zero totals and zero lines", () => {
    const xml = buildNoteXml({
      issuer: ISSUER,
      document: note("credit 13 (new installments, zero amounts) on a credit invoice"),
      number: 4,
    });
    expect(xml).toContain(
      '</cac:AccountingCustomerParty><cac:PaymentTerms><cbc:ID>FormaPago</cbc:ID><cbc:PaymentMeansID>Credito</cbc:PaymentMeansID><cbc:Amount currencyID="PEN">150.00</cbc:Amount></cac:PaymentTerms>',
    );
    expect(xml).toContain(
      '<cac:PaymentTerms><cbc:ID>FormaPago</cbc:ID><cbc:PaymentMeansID>Cuota001</cbc:PaymentMeansID><cbc:Amount currencyID="PEN">100.00</cbc:Amount><cbc:PaymentDueDate>2027-01-15</cbc:PaymentDueDate></cac:PaymentTerms>',
    );
    expect(xml).toContain("<cbc:PaymentMeansID>Cuota002</cbc:PaymentMeansID>");
    expect(xml).toContain('<cbc:PayableAmount currencyID="PEN">0.00</cbc:PayableAmount>');
    expect(xml).toContain('<cbc:LineExtensionAmount currencyID="PEN">0.00</cbc:LineExtensionAmount>');
    expect(xml).not.toMatch(/<cbc:LineExtensionAmount currencyID="PEN">[1-9]/);
    const other = buildNoteXml({
      issuer: ISSUER,
      document: note("credit 07 (return per item) on an invoice"),
      number: 3,
    });
    expect(other).not.toContain("<cac:PaymentTerms>");
  });

  it("refuses a document that is not a note", () => {
    expect(() => buildNoteXml({ issuer: ISSUER, document: modified("01"), number: 1 })).toThrow(
      UblInputError,
    );
  });
});
