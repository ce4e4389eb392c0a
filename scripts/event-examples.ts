// One example payload per subject, in canonical JSON, for docs/events. The computed document is the tax
// engine's real output for a two-line invoice; the docs test checks each example against its strict schema.
import type { JsonObject } from "@bufbuild/protobuf";
import type { subjects } from "@einvoice/broker";
import { computeDocument, validateDespatchAdvice } from "@einvoice/tax-engine";

const result = computeDocument(
  {
    series: "F001",
    issue_date: "2026-06-01",
    customer: { document_type: "6", document_number: "20100070970", name: "CLIENTE EJEMPLO S.A.C." },
    items: [
      { description: "Servicio de consultoría", quantity: "1", unit_price: "100.00" },
      { description: "Bolsa plástica", quantity: "2", unit_price: "0.10", icbper: true },
    ],
  },
  { type: "01", today: "2026-06-01" },
);
if (!result.ok) throw new Error(`example invoice refused: ${JSON.stringify(result.errors)}`);
const computed = result.document;

// A sender guide with its own vehicle, checked like a real request.
const guide = validateDespatchAdvice(
  {
    series: "T001",
    issue_date: "2026-06-01",
    reason_code: "01",
    transport_mode: "02",
    start_date: "2026-06-01",
    recipient: { document_type: "6", document_number: "20100070970", name: "CLIENTE EJEMPLO S.A.C." },
    gross_weight: "120.5",
    origin: { ubigeo: "150101", address: "Av. Arequipa 123, Lima" },
    destination: { ubigeo: "040101", address: "Calle Mercaderes 100, Arequipa" },
    vehicles: [{ plate: "ABC123" }],
    drivers: [{ document_number: "45678901", first_name: "JUAN", last_name: "PEREZ", license: "Q45678901" }],
    related_documents: [{ number: "F001-42" }],
    items: [{ description: "Cajas de tornillos", quantity: "10" }],
  },
  { issuer: { ruc: "20000000001", legal_name: "EMPRESA DE PRUEBA S.A.C." }, today: "2026-06-01" },
);
if (!guide.ok) throw new Error(`example guide refused: ${JSON.stringify(guide.errors)}`);

const scope = {
  document_id: "doc_01JZ8X3P0A2B4C6D8E0F2G4H6J",
  company_id: "cmp_01JZ8X1K9M3N5P7Q9R1S3T5V7W",
  livemode: false,
};
const issuer = {
  ruc: "20000000001",
  legal_name: "EMPRESA DE PRUEBA S.A.C.",
  address: {
    line: "Av. Arequipa 123, Lima",
    ubigeo: "150101",
    establishment_code: "0000",
    country_code: "PE",
  },
};
const signedAt = "2026-06-01T15:04:05.123Z";
const document = {
  id: scope.document_id,
  object: "document",
  livemode: false,
  type: "01",
  series: "F001",
  number: 42,
  status: "accepted",
  issue_date: computed.issue_date,
  currency: computed.currency,
  total: computed.amounts.total,
  amounts: computed.amounts,
  customer: computed.customer,
  notes: [],
  sunat: {
    code: "0",
    description: "La Factura numero F001-42, ha sido aceptada",
    notes: [],
    simulated: true,
  },
  hash: "qJ8u3xZ0vG7kq1mF4mYq2r3s4t5u6v7w8x9y0z1A2B4=",
  links: {
    xml: `https://api.example.pe/v1/files/${scope.document_id}/xml`,
    cdr: `https://api.example.pe/v1/files/${scope.document_id}/cdr`,
  },
  created_at: signedAt,
  updated_at: "2026-06-01T15:04:06.456Z",
};
const xmlKey = `${scope.company_id}/test/${scope.document_id}/20000000001-01-F001-42.xml`;

export const SUBJECT_EXAMPLES: Record<keyof typeof subjects, JsonObject> = {
  documentIssued: { ...scope, number: 42, issuer, computed: JSON.parse(JSON.stringify(computed)) },
  documentDespatchIssued: { ...scope, number: 7, issuer, despatch: JSON.parse(JSON.stringify(guide.advice)) },
  documentSigned: {
    ...scope,
    ruc: issuer.ruc,
    type: "01",
    series: "F001",
    number: 42,
    issue_date: computed.issue_date,
    file_name: "20000000001-01-F001-42",
    xml_key: xmlKey,
    hash: document.hash,
  },
  documentRendered: {
    ...scope,
    pdf_key: xmlKey.replace(/xml$/, "pdf"),
    ticket_key: xmlKey.replace(/\.xml$/, "-ticket.pdf"),
  },
  documentVerdict: {
    ...scope,
    outcome: "accepted",
    sunat: document.sunat,
    cdr_key: xmlKey.replace(/[^/]+$/, "R-20000000001-01-F001-42.zip"),
  },
  documentDespatchVerdict: {
    ...scope,
    outcome: "accepted",
    sunat: {
      code: "0",
      description: "La Guia numero T001-7, ha sido aceptada",
      notes: [],
      simulated: true,
    },
    cdr_key: xmlKey.replace(/[^/]+$/, "R-20000000001-09-T001-7.zip"),
  },
  documentState: {
    ...scope,
    event_type: "document.accepted",
    document: JSON.parse(JSON.stringify(document)),
  },
  documentVoidRequested: {
    ...scope,
    attempt: 1,
    reason: "Error en el RUC del cliente",
    requested_at: "2026-06-02T09:30:00.000Z",
    issuer,
    document: JSON.parse(JSON.stringify(document)),
  },
  documentVoidOutcome: {
    ...scope,
    attempt: 1,
    outcome: "voided",
    summary_id: "RA-20260602-1",
    ticket: "1717320600123",
    sunat: {
      code: "0",
      description: "La Comunicacion de baja RA-20260602-1, ha sido aceptada",
      notes: [],
      simulated: true,
    },
    cdr_key: xmlKey.replace(/[^/]+$/, "R-20000000001-RA-20260602-1.zip"),
  },
  event: {
    id: "evt_01JZ8X3Q4B6C8D0E2F4G6H8J0K",
    object: "event",
    type: "document.accepted",
    created_at: "2026-06-01T15:04:06.460Z",
    livemode: false,
    data: { document: JSON.parse(JSON.stringify(document)) },
  },
  deadLetter: {
    consumer: "signing-issued",
    subject: "documents.issued",
    stream_sequence: 1234,
    deliveries: 10,
    error: "live document without a certificate",
    payload: JSON.stringify({ ...scope, number: 42 }),
  },
};
