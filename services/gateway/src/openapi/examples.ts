import type { DocumentResource } from "@einvoice/domain";
import type { EventResource } from "./resource-schemas.js";

/** Examples shown in the document; the tests validate each against its schema. */

/** The invoice of README.md's "Try it". */
export const invoiceRequestExample = {
  series: "F001",
  customer: { document_number: "20100070970", name: "CLIENTE EJEMPLO SAC" },
  items: [{ description: "Widget", quantity: 2, unit_price: "100.00" }],
};

/** A receipt without customer (allowed up to S/ 700). */
export const receiptRequestExample = {
  series: "B001",
  items: [{ description: "Café americano", quantity: 2, unit_price: "8.00", price_includes_tax: true }],
};

const documentId = "doc_01JZ8X3M5Q7R9T1V3W5Y7Z9B2C";
const files = `http://127.0.0.1:8080/v1/files/${documentId}`;

export const documentExample: DocumentResource = {
  id: documentId,
  object: "document",
  livemode: false,
  type: "01",
  series: "F001",
  number: 1,
  status: "accepted",
  issue_date: "2026-06-01",
  currency: "PEN",
  total: "236.00",
  amounts: {
    taxed: "200.00",
    exempt: "0.00",
    unaffected: "0.00",
    export: "0.00",
    free: "0.00",
    igv: "36.00",
    ivap: "0.00",
    isc: "0.00",
    icbper: "0.00",
    discounts: "0.00",
    prepaid: "0.00",
    total: "236.00",
  },
  customer: { document_type: "6", document_number: "20100070970", name: "CLIENTE EJEMPLO SAC" },
  sunat: {
    code: "0",
    description: "La Factura numero F001-1, ha sido aceptada",
    notes: [],
    simulated: true,
  },
  status_details: null,
  hash: "q3Xo7sQm0yY2b1mJm7n1cX2bq0m2b8Vt5b2m3Zc1Q9k=",
  links: { pdf: null, xml: `${files}/xml`, cdr: `${files}/cdr` },
  created_at: "2026-06-01T15:04:05.123Z",
  updated_at: "2026-06-01T15:04:06.456Z",
};

export const pendingDocumentExample: DocumentResource = {
  ...documentExample,
  status: "pending",
  sunat: null,
  links: { pdf: null, xml: null, cdr: null },
  hash: null,
  updated_at: documentExample.created_at,
};

export const eventExample: EventResource = {
  id: "evt_01JZ8X3P0A2B4C6D8E0F2G4H6J",
  object: "event",
  type: "document.accepted",
  created_at: "2026-06-01T15:04:06.460Z",
  livemode: false,
  data: { object: documentExample },
};
