/** Checked despatch advices (as validateDespatchAdvice returns them) for the GRE builder and signer tests. */
import type { DespatchAdvice } from "@einvoice/domain";
import { ISSUER } from "./fixtures.js";

const sender = { document_type: "6", document_number: ISSUER.ruc, name: ISSUER.legal_name };
const recipient = { document_type: "6", document_number: "20100070970", name: "CLIENTE EJEMPLO S.A.C." };
const driver = (role: "main" | "secondary", n: number) => ({
  role,
  document_type: "1",
  document_number: `4000334${n}`,
  first_name: "JORGE",
  last_name: "LOPEZ",
  license: `Q4000334${n}`,
});
const base = {
  series: "T001",
  issue_date: "2026-11-25",
  sender,
  recipient,
  gross_weight: "120.500",
  weight_unit: "KGM" as const,
  origin: {
    ubigeo: "150131",
    address: "AV. JAVIER PRADO ESTE 1234",
    establishment_code: "0000",
    establishment_ruc: ISSUER.ruc,
  },
  destination: { ubigeo: "040101", address: "CALLE MERCADERES 100 AREQUIPA" },
  vehicles: [],
  drivers: [],
  related_documents: [],
  items: [
    { description: "Cajas de tornillos", quantity: "10", unit_code: "NIU" },
    { description: "Cemento & arena <granel>", quantity: "2.5", unit_code: "TNE" },
  ],
};

export const DESPATCH_FIXTURES: Record<string, DespatchAdvice> = {
  "09-own-vehicle": {
    ...base,
    type: "09",
    note: "Entregar en horario de oficina",
    reason_code: "01",
    transport_mode: "02",
    start_date: "2026-11-25",
    packages: 12,
    vehicles: [
      { role: "main", plate: "ABC123" },
      { role: "secondary", plate: "DEF4567" },
    ],
    drivers: [driver("main", 1), driver("secondary", 2)],
    related_documents: [{ type: "01", number: "F001-123", issuer_ruc: ISSUER.ruc, description: "Factura" }],
  },
  "09-contracted": {
    ...base,
    type: "09",
    reason_code: "13",
    reason_description: "Traslado de muestras",
    transport_mode: "01",
    handover_date: "2026-11-26",
    carrier: { ruc: "20600000005", name: "TRANSPORTES RAPIDOS S.A.C.", mtc_registration: "1234567CNG" },
    supplier: { document_type: "6", document_number: "20444444445", name: "PROVEEDOR S.A.C." },
    buyer: { document_type: "1", document_number: "12345678", name: "ANA PEREZ" },
    weight_unit: "TNE",
    gross_weight: "1.2",
  },
  "09-own-establishments": {
    ...base,
    type: "09",
    recipient: sender,
    reason_code: "04",
    transport_mode: "02",
    start_date: "2026-11-25",
    destination: {
      ubigeo: "150101",
      address: "JR. CUSCO 200",
      establishment_code: "0001",
      establishment_ruc: ISSUER.ruc,
    },
    vehicles: [{ role: "main", plate: "ABC123" }],
    drivers: [driver("main", 1)],
  },
  "31-carrier": {
    ...base,
    type: "31",
    series: "V001",
    sender: { document_type: "6", document_number: "20500000008", name: "REMITENTE S.A.C." },
    start_date: "2026-11-25",
    origin: { ubigeo: "151021", address: "DIRECCION PARTIDA" },
    vehicles: [
      { role: "main", plate: "XYZ789", certificate: "15M21028250E" },
      { role: "secondary", plate: "TRL4567", certificate: "15M21028251E" },
    ],
    drivers: [driver("main", 1)],
    freight_payer: "sender",
    related_documents: [
      { type: "03", number: "B001-9", issuer_ruc: "20500000008", description: "Boleta de Venta" },
    ],
  },
};
