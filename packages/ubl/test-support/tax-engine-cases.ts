/**
 * Requests covering the tax engine's features, as data: `tax-engine-matrix.test.ts` builds and validates
 * them, and the lean signer's equivalence proof signs them with both signers.
 */
import type { InvoiceRequest, SaleDocumentType } from "@einvoice/domain";

export const TAX_ENGINE_TODAY = "2025-03-14";
const RUC_CUSTOMER = { document_type: "6", document_number: "20600000005", name: "CLIENTE EJEMPLO S.A." };
const FREE = ["11", "12", "13", "14", "15", "16", "21", "31", "32", "33", "34", "35", "36", "37"];

export const TAX_ENGINE_CASES: Record<string, { type: SaleDocumentType; request: InvoiceRequest }> = {
  "01-basic": {
    type: "01",
    request: {
      series: "F001",
      customer: RUC_CUSTOMER,
      items: [{ description: "A", quantity: 2, unit_price: "100" }],
    },
  },
  "01-affectations": {
    type: "01",
    request: {
      series: "F001",
      customer: RUC_CUSTOMER,
      items: [
        { description: "Gravado", quantity: "3", unit_price: "12.3456" },
        { description: "Exonerado", quantity: 1, unit_price: "40", tax_affectation: "20" },
        { description: "Inafecto", quantity: 1, unit_price: "15", tax_affectation: "30" },
        ...FREE.map((tax_affectation) => ({
          description: `Gratis ${tax_affectation}`,
          quantity: 1,
          unit_price: "5",
          tax_affectation,
        })),
      ],
    },
  },
  "01-export": {
    type: "01",
    request: {
      series: "F001",
      currency: "USD",
      customer: { document_type: "0", document_number: "-", name: "ACME INC.", country_code: "US" },
      items: [{ description: "Servicio", quantity: 1, unit_price: "1000", tax_affectation: "40" }],
    },
  },
  "01-ivap": {
    type: "01",
    request: {
      series: "F001",
      customer: RUC_CUSTOMER,
      items: [
        {
          description: "Arroz pilado",
          quantity: 100,
          unit_price: "3.10",
          unit_code: "KGM",
          tax_affectation: "17",
        },
      ],
    },
  },
  "01-isc-icbper": {
    type: "01",
    request: {
      series: "F001",
      customer: RUC_CUSTOMER,
      items: [
        { description: "Licor", quantity: 6, unit_price: "25", isc: { rate: "0.17" } },
        { description: "Bolsa", quantity: 3, unit_price: "0.10", icbper: true },
      ],
    },
  },
  "01-discounts": {
    type: "01",
    request: {
      series: "F001",
      customer: RUC_CUSTOMER,
      items: [
        { description: "A", quantity: 4, unit_price: "50", discount: { percent: 10 } },
        {
          description: "B",
          quantity: 2,
          unit_price: "75",
          discount: { amount: "5.00", affects_base: false },
        },
        { description: "C", quantity: 1, unit_price: "118", price_includes_tax: true },
      ],
      discount: { percent: 5 },
    },
  },
  "01-discount-not-base": {
    type: "01",
    request: {
      series: "F001",
      customer: RUC_CUSTOMER,
      items: [{ description: "A", quantity: 5, unit_price: "40" }],
      discount: { amount: "10.00", affects_base: false },
    },
  },
  "01-detraction-credit": {
    type: "01",
    request: {
      series: "F001",
      customer: RUC_CUSTOMER,
      items: [{ description: "Servicio", quantity: 1, unit_price: "2000", unit_code: "ZZ" }],
      detraction: { code: "037", percent: 12, account: "00-000-123456" },
      payment: {
        type: "credit",
        installments: [
          { amount: "1038.40", due_date: "2025-04-14" },
          { amount: "1038.40", due_date: "2025-05-14" },
        ],
      },
    },
  },
  "01-perception": {
    type: "01",
    request: {
      series: "F001",
      customer: RUC_CUSTOMER,
      items: [{ description: "Combustible", quantity: 100, unit_price: "8" }],
      perception: { code: "51" },
    },
  },
  "01-prepayments": {
    type: "01",
    request: {
      series: "F001",
      customer: RUC_CUSTOMER,
      items: [{ description: "Saldo", quantity: 1, unit_price: "1000" }],
      prepayments: [{ document: { type: "01", series: "F001", number: 12 }, amount: "236.00" }],
    },
  },
  "01-usd-credit": {
    type: "01",
    request: {
      series: "F002",
      currency: "USD",
      customer: RUC_CUSTOMER,
      items: [{ description: "Equipo", quantity: 2, unit_price: "99.99" }],
      payment: { type: "credit", installments: [{ amount: "235.98", due_date: "2025-04-30" }] },
    },
  },
  "03-basic": {
    type: "03",
    request: {
      series: "B001",
      items: [{ description: "Menú", quantity: 1, unit_price: "15", price_includes_tax: true }],
    },
  },
  "03-identified-mixed": {
    type: "03",
    request: {
      series: "B001",
      customer: { document_type: "1", document_number: "45678912", name: "JUAN PÉREZ" },
      items: [
        { description: "A", quantity: 3, unit_price: "4.50", icbper: true },
        { description: "B", quantity: 1, unit_price: "6", tax_affectation: "20" },
        { description: "C", quantity: 1, unit_price: "2", tax_affectation: "31" },
      ],
    },
  },
};
