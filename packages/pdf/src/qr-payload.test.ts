import type { ComputedDocument, InvoiceRequest, SaleDocumentType } from "@einvoice/domain";
import { computeDocument } from "@einvoice/tax-engine";
import { describe, expect, it } from "vitest";
import { sunatQrPayload } from "./qr-payload.js";

const RUC = "20123456786";
const HASH = "qQ0yV3yW2HcJkU6xw1s7fS2o8cU1wUq1bT6qvQ6vQ0E=";
const CUSTOMER = { document_type: "6", document_number: "20600000005", name: "CLIENTE EJEMPLO S.A." };

function compute(type: SaleDocumentType, request: InvoiceRequest): ComputedDocument {
  const r = computeDocument(request, { type, today: "2025-03-14" });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.document;
}

const qr = (type: SaleDocumentType, request: InvoiceRequest, number = 123) =>
  sunatQrPayload({ issuer: { ruc: RUC }, computed: compute(type, request), number, hash: HASH });

describe("sunatQrPayload", () => {
  it.each<[string, SaleDocumentType, InvoiceRequest, string]>([
    [
      "taxed invoice: IGV and total with two decimals, ISO date, the customer's RUC",
      "01",
      { series: "F001", customer: CUSTOMER, items: [{ description: "A", quantity: 1, unit_price: "100" }] },
      `${RUC}|01|F001|123|18.00|118.00|2025-03-14|6|20600000005|${HASH}|`,
    ],
    [
      "anonymous receipt: type 0 and number - as in the XML",
      "03",
      {
        series: "B001",
        items: [{ description: "Menú", quantity: 1, unit_price: "15", price_includes_tax: true }],
      },
      `${RUC}|03|B001|123|2.29|15.00|2025-03-14|0|-|${HASH}|`,
    ],
    [
      "receipt to a DNI",
      "03",
      {
        series: "B002",
        customer: { document_type: "1", document_number: "45678912", name: "JUAN PÉREZ" },
        items: [{ description: "A", quantity: 2, unit_price: "50" }],
      },
      `${RUC}|03|B002|123|18.00|118.00|2025-03-14|1|45678912|${HASH}|`,
    ],
    [
      "IVAP: the IGV field stays 0.00 (IVAP is another tax)",
      "01",
      {
        series: "F001",
        customer: CUSTOMER,
        items: [
          {
            description: "Arroz",
            quantity: 100,
            unit_price: "3.10",
            unit_code: "KGM",
            tax_affectation: "17",
          },
        ],
      },
      `${RUC}|01|F001|123|0.00|322.40|2025-03-14|6|20600000005|${HASH}|`,
    ],
    [
      "export in USD: no IGV, foreign customer 0 / -",
      "01",
      {
        series: "F001",
        currency: "USD",
        customer: { document_type: "0", document_number: "-", name: "ACME INC.", country_code: "US" },
        items: [{ description: "Servicio", quantity: 1, unit_price: "1000", tax_affectation: "40" }],
      },
      `${RUC}|01|F001|123|0.00|1000.00|2025-03-14|0|-|${HASH}|`,
    ],
    [
      "perception: TOTAL is the document total, not the total to collect",
      "01",
      {
        series: "F001",
        customer: CUSTOMER,
        items: [{ description: "Combustible", quantity: 100, unit_price: "8" }],
        perception: { code: "51" },
      },
      `${RUC}|01|F001|123|144.00|944.00|2025-03-14|6|20600000005|${HASH}|`,
    ],
    [
      "prepayment: TOTAL is what is left to pay",
      "01",
      {
        series: "F001",
        customer: CUSTOMER,
        items: [{ description: "Saldo", quantity: 1, unit_price: "1000" }],
        prepayments: [{ document: { type: "01", series: "F001", number: 12 }, amount: "236.00" }],
      },
      `${RUC}|01|F001|123|144.00|944.00|2025-03-14|6|20600000005|${HASH}|`,
    ],
  ])("%s", (_name, type, request, expected) => {
    expect(qr(type, request)).toBe(expected);
  });

  it("prints the number without leading zeros and amounts without thousands separators", () => {
    const payload = qr(
      "01",
      { series: "F001", customer: CUSTOMER, items: [{ description: "A", quantity: 10, unit_price: "1000" }] },
      99_999_999,
    );
    expect(payload).toBe(`${RUC}|01|F001|99999999|1800.00|11800.00|2025-03-14|6|20600000005|${HASH}|`);
  });

  it("refuses a field holding the separator", () => {
    const computed = compute("01", {
      series: "F001",
      customer: CUSTOMER,
      items: [{ description: "A", quantity: 1, unit_price: "1" }],
    });
    expect(() => sunatQrPayload({ issuer: { ruc: RUC }, computed, number: 1, hash: "ab|c" })).toThrow(
      /separator/,
    );
  });
});
