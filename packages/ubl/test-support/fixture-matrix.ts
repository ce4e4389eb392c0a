import type { ComputedDocument } from "@einvoice/domain";
import { doc } from "./fixtures.js";

const FREE_TAXED = ["11", "12", "13", "14", "15", "16"];
const FREE_OTHER = ["21", "31", "32", "33", "34", "35", "36", "37"];

/** Name → document; names become file names in the temp dir. */
export const MATRIX: Record<string, ComputedDocument> = {
  "01-taxed-10": doc({
    lines: [
      { quantity: "2", value: "100" },
      { quantity: "1.5", value: "33.3333333333" },
    ],
  }),
  "01-exempt-20": doc({ lines: [{ affectation: "20", quantity: "3", value: "12.50" }] }),
  "01-unaffected-30": doc({ lines: [{ affectation: "30", quantity: "1", value: "250" }] }),
  "01-export-40": doc({
    operation_type: "0200",
    currency: "USD",
    customer: {
      document_type: "0",
      document_number: "-",
      name: "ACME INC.",
      address: "1 Main St",
      country_code: "US",
    },
    lines: [{ affectation: "40", quantity: "10", value: "45.10" }],
  }),
  "01-ivap-17": doc({ lines: [{ affectation: "17", quantity: "50", value: "3.20", unit: "KGM" }] }),
  "01-free-taxed-11-16": doc({
    lines: [
      { quantity: "1", value: "80" },
      ...FREE_TAXED.map((affectation) => ({ affectation, quantity: "2", value: "15" })),
    ],
  }),
  "01-free-exempt-unaffected": doc({
    lines: [
      { quantity: "1", value: "80" },
      ...FREE_OTHER.map((affectation) => ({ affectation, quantity: "1", value: "9.90" })),
    ],
  }),
  "01-only-free": doc({ lines: [{ affectation: "13", quantity: "4", value: "20" }] }),
  "01-isc": doc({
    lines: [
      { quantity: "6", value: "25", isc: { rate: "0.17", tier: "01" } },
      { quantity: "1", value: "10" },
    ],
  }),
  "01-icbper": doc({
    lines: [
      { quantity: "10", value: "30" },
      { quantity: "3", value: "0.10", icbper: true, description: "Bolsa plástica" },
    ],
  }),
  "01-line-discounts": doc({
    lines: [
      { quantity: "4", value: "50", discount: { code: "00", factor: "0.10" } },
      { quantity: "2", value: "75", discount: { code: "01", factor: "0.05" } },
    ],
  }),
  "01-global-discount-base": doc({
    lines: [{ quantity: "5", value: "40" }],
    globalDiscount: { code: "02", factor: "0.10" },
  }),
  "01-global-discount-no-base": doc({
    lines: [{ quantity: "5", value: "40" }],
    globalDiscount: { code: "03", factor: "0.05" },
  }),
  "01-detraction": doc({
    lines: [{ quantity: "1", value: "1500", unit: "ZZ" }],
    detraction: { code: "037", percent: "12.00" },
  }),
  "01-detraction-credit": doc({
    lines: [{ quantity: "1", value: "2000", unit: "ZZ" }],
    detraction: { code: "022", percent: "12.00" },
    installments: [
      { share: "0.5", due_date: "2025-04-14" },
      { share: "0.5", due_date: "2025-05-14" },
    ],
  }),
  "01-perception": doc({
    lines: [{ quantity: "100", value: "8" }],
    perception: { code: "51", factor: "0.02" },
  }),
  "01-prepayments": doc({
    lines: [{ quantity: "1", value: "1000" }],
    prepayments: [
      { document_type_code: "02", document_id: "F001-12", amount: "236.00" },
      { document_type_code: "02", document_id: "F001-15", amount: "118.00" },
    ],
  }),
  "01-credit-installments": doc({
    lines: [{ quantity: "3", value: "400" }],
    installments: [
      { share: "0.25", due_date: "2025-04-14" },
      { share: "0.25", due_date: "2025-05-14" },
      { share: "0.5", due_date: "2025-06-14" },
    ],
  }),
  "01-usd": doc({
    currency: "USD",
    lines: [
      { quantity: "2", value: "99.99" },
      { affectation: "20", quantity: "1", value: "10" },
    ],
  }),
  "01-usd-detraction": doc({
    currency: "USD",
    lines: [{ quantity: "1", value: "900", unit: "ZZ" }],
    detraction: { code: "037", percent: "12.00", amount: "478.00" },
  }),
  "01-mixed": doc({
    lines: [
      { quantity: "2", value: "100", discount: { code: "00", factor: "0.05" } },
      { affectation: "20", quantity: "1", value: "50" },
      { affectation: "30", quantity: "1", value: "30" },
      { affectation: "15", quantity: "1", value: "12" },
      { quantity: "1", value: "200", isc: { rate: "0.30", tier: "01" } },
      { quantity: "2", value: "0.10", icbper: true },
    ],
    globalDiscount: { code: "03", factor: "0.02" },
  }),
  "01-escaping-and-precision": doc({
    customer: { document_type: "6", document_number: "20600000013", name: 'Tom & Jerry <"Cía"> S.R.L.' },
    lines: [
      {
        quantity: "0.0000000001",
        value: "1234567.1234567891",
        description: 'Cable 3/4" <RG-6> & conector ñandú',
      },
    ],
  }),
  "03-taxed": doc({ type: "03", lines: [{ quantity: "1", value: "10" }] }),
  "03-mixed": doc({
    type: "03",
    lines: [
      { quantity: "3", value: "4.50", icbper: true },
      { affectation: "20", quantity: "1", value: "6" },
      { affectation: "31", quantity: "1", value: "2" },
      { quantity: "1", value: "20", discount: { code: "01", factor: "0.10" } },
    ],
  }),
  "03-anonymous-usd": doc({
    type: "03",
    currency: "USD",
    customer: { document_type: "0", document_number: "-", name: "CLIENTES VARIOS" },
    lines: [{ affectation: "30", quantity: "2", value: "15" }],
  }),
};
