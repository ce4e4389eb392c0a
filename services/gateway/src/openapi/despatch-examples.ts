import type { DocumentResource } from "@einvoice/domain";
import { validateDespatchAdvice } from "@einvoice/tax-engine";
import { presentedDocument } from "./presented-document.js";

/** The example company (the test company `npm start` creates). */
const ISSUER = { ruc: "20000000001", legal_name: "EMPRESA DE PRUEBA S.A.C." };
const TODAY = "2026-06-01";

const point = (ubigeo: string, address: string) => ({ ubigeo, address });
const driver = {
  document_type: "1",
  document_number: "45678901",
  first_name: "JUAN",
  last_name: "PEREZ QUISPE",
  license: "Q45678901",
};

/** Request examples of `POST /v1/despatch_advices`, each valid as of {@link TODAY}. */
export const DESPATCH_REQUESTS = {
  own_vehicle: {
    summary: "Sender guide, own vehicle (09, mode 02)",
    value: {
      series: "T001",
      reason_code: "01",
      transport_mode: "02",
      start_date: TODAY,
      issue_date: TODAY,
      recipient: { document_type: "6", document_number: "20100070970", name: "CLIENTE EJEMPLO S.A.C." },
      gross_weight: "120.5",
      packages: 4,
      origin: point("150101", "AV. LOS OLIVOS 123, LIMA"),
      destination: point("040101", "CALLE MERCADERES 100, AREQUIPA"),
      vehicles: [{ plate: "ABC123" }],
      drivers: [driver],
      related_documents: [{ number: "F001-123" }],
      items: [{ description: "Cajas de tornillos", quantity: "10" }],
    },
  },
  contracted_carrier: {
    summary: "Sender guide, contracted carrier (09, mode 01)",
    value: {
      series: "T001",
      reason_code: "04",
      transport_mode: "01",
      handover_date: TODAY,
      issue_date: TODAY,
      recipient: { document_type: "6", document_number: ISSUER.ruc, name: ISSUER.legal_name },
      carrier: { ruc: "20600000005", name: "TRANSPORTES RAPIDOS S.A.C.", mtc_registration: "1234567CNG" },
      gross_weight: "1.2",
      weight_unit: "TNE",
      origin: { ...point("150101", "AV. LOS OLIVOS 123, LIMA"), establishment_code: "0000" },
      destination: { ...point("150131", "AV. JAVIER PRADO 200, SAN ISIDRO"), establishment_code: "0001" },
      items: [{ description: "Cemento", quantity: "24", unit_code: "BG" }],
    },
  },
  carrier_guide: {
    summary: "Carrier guide (31)",
    value: {
      series: "V001",
      issue_date: TODAY,
      sender: { document_type: "6", document_number: "20500000008", name: "REMITENTE S.A.C." },
      recipient: { document_type: "6", document_number: "20100070970", name: "CLIENTE EJEMPLO S.A.C." },
      start_date: TODAY,
      gross_weight: "300",
      origin: point("150101", "AV. LOS OLIVOS 123, LIMA"),
      destination: point("130101", "JR. PIZARRO 50, TRUJILLO"),
      vehicles: [
        { plate: "XYZ789", certificate: "15M21028250E" },
        { plate: "TRL4567", certificate: "15M21028251E" },
      ],
      drivers: [driver],
      freight_payer: "sender",
      items: [{ description: "Muebles de oficina", quantity: "12" }],
    },
  },
} as const;

/** The pending Document answered for a request example (202, or `Prefer: wait` once the ticket exists). */
export function pendingGuide(name: keyof typeof DESPATCH_REQUESTS, index: number): DocumentResource {
  const checked = validateDespatchAdvice(DESPATCH_REQUESTS[name].value, { issuer: ISSUER, today: TODAY });
  if (!checked.ok) throw new Error(`despatch example ${name} is refused: ${JSON.stringify(checked.errors)}`);
  const advice = checked.advice;
  return presentedDocument({
    id: `doc_01JZ8X3M5Q7R9T1V3W5Y7Z9G${String(index).padStart(2, "0")}`,
    object: "document",
    type: advice.type,
    series: advice.series,
    number: 1,
    status: "pending",
    issue_date: advice.issue_date,
    // A guide has no currency or amounts; its recipient stands as the customer.
    customer: advice.recipient,
    links: {},
    despatch: advice,
    created_at: "2026-06-01T15:04:05.123Z",
    updated_at: "2026-06-01T15:04:05.123Z",
  });
}
