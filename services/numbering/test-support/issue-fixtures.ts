import { computeDocument } from "@einvoice/tax-engine";

export const scope = { companyId: "cmp_1", livemode: false };

export const issuer = {
  ruc: "20000000001",
  legal_name: "EMPRESA SAC",
  address: { line: "Av. Lima 1", establishment_code: "0000", country_code: "PE" },
};

const result = computeDocument(
  {
    series: "F001",
    customer: { document_type: "6", document_number: "20100070970", name: "CLIENTE SAC" },
    items: [{ description: "Widget", quantity: 1, unit_price: "100.00" }],
  },
  { type: "01", today: "2026-11-23" },
);
if (!result.ok) throw new Error("fixture invoice refused");

/** A computed one-line invoice of series F001. */
export const computed = result.document;
