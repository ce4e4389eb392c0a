/** Despatch advices (09, 31) as numbering stores them, for the guide PDF tests. */
import type { DespatchAdvice } from "@einvoice/domain";

export const GUIDE_HASH = "3m8hXq0dP7vTqS0lVq6a1cGk9bW5yZr2uE4oN8fJ1iQ=";
export const SUNAT_QR_URL =
  "https://e-factura.sunat.gob.pe/v1/contribuyente/gre/comprobantes/descargaqr?hashqr=Y2N0YkZ0dHd0dXh6a0hXa0Ewd2VxZz09";

export const SENDER_GUIDE: DespatchAdvice = {
  type: "09",
  series: "T001",
  issue_date: "2026-11-25",
  note: "Entregar en el almacén de la puerta 3, de lunes a viernes.",
  sender: { document_type: "6", document_number: "20123456786", name: "COMERCIAL ANDINA DEL PERÚ S.A.C." },
  recipient: {
    document_type: "6",
    document_number: "20600000005",
    name: "CONSTRUCTORA PEÑA & ÁLVAREZ E.I.R.L.",
  },
  reason_code: "01",
  transport_mode: "02",
  start_date: "2026-11-26",
  gross_weight: "1250.500",
  weight_unit: "KGM",
  packages: 14,
  origin: { ubigeo: "150131", address: "AV. JAVIER PRADO ESTE 1234, SAN ISIDRO" },
  destination: { ubigeo: "040101", address: "CALLE MERCADERES 210, CERCADO DE AREQUIPA" },
  vehicles: [
    { role: "main", plate: "ABC123" },
    { role: "secondary", plate: "T9Z456" },
  ],
  drivers: [
    {
      role: "main",
      document_type: "1",
      document_number: "45678912",
      first_name: "JUAN CARLOS",
      last_name: "QUISPE MAMANI",
      license: "Q45678912",
    },
  ],
  related_documents: [{ type: "01", number: "F001-889", issuer_ruc: "20123456786", description: "Factura" }],
  items: [
    { description: "CEMENTO PORTLAND TIPO I, BOLSA DE 42.5 KG", quantity: "20", unit_code: "NIU" },
    {
      description:
        "FIERRO CORRUGADO DE 1/2 PULGADA X 9 METROS, GRADO 60, NORMA ASTM A615, PARA COLUMNAS Y VIGAS DE CONCRETO ARMADO",
      quantity: "35.5",
      unit_code: "KGM",
    },
  ],
};

export const CARRIER_GUIDE: DespatchAdvice = {
  type: "31",
  series: "V001",
  issue_date: "2026-11-25",
  sender: { document_type: "6", document_number: "20555555556", name: "DISTRIBUIDORA DEL SUR S.A." },
  recipient: { document_type: "1", document_number: "41234567", name: "MARÍA FERNÁNDEZ TORRES" },
  start_date: "2026-11-25",
  gross_weight: "2.3",
  weight_unit: "TNE",
  origin: { ubigeo: "150101", address: "JR. ANCASH 500, LIMA" },
  destination: { ubigeo: "130101", address: "AV. ESPAÑA 1020, TRUJILLO" },
  vehicles: [{ role: "main", plate: "BXK901", certificate: "15M21028250E" }],
  freight_payer: "subcontractor",
  drivers: [
    {
      role: "main",
      document_type: "1",
      document_number: "40111222",
      first_name: "PEDRO",
      last_name: "HUAMÁN",
      license: "B40111222",
    },
  ],
  related_documents: [],
  items: [{ description: "CAJAS DE MERCADERÍA GENERAL", quantity: "48", unit_code: "BX" }],
};
