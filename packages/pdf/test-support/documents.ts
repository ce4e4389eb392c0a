/**
 * Realistic inputs for the PDF tests and the benchmark: requests computed by the real tax engine, numbered and
 * given a hash the way numbering and signing would.
 */
import {
  type ComputedDocument,
  type InvoiceRequest,
  type Issuer,
  type ItemInput,
  SAMPLE_INVOICE,
  type SaleDocumentType,
} from "@einvoice/domain";
import { computeDocument } from "@einvoice/tax-engine";
import type { PdfDocumentInput } from "../src/input.js";

export const TODAY = "2025-03-14";
export const HASH = "qQ0yV3yW2HcJkU6xw1s7fS2o8cU1wUq1bT6qvQ6vQ0E=";
export const CONSULT_URL = "https://e-consulta.sunat.gob.pe/ol-ti-itconsvalicpe/ConsValiCpe.htm";

/** The sample invoice's issuer and customer (accents, `&`, `Ñ`: what the PDF must print as given). */
export const ISSUER: Issuer = SAMPLE_INVOICE.issuer;
const RUC_CUSTOMER = SAMPLE_INVOICE.computed.customer;

/**
 * `count` items of a long document: mixed quantities and prices, some long descriptions that must wrap, a
 * discount now and then. `variant` shifts numbers and prices, to make distinct documents of the same shape.
 */
export function manyItems(count: number, variant = 0): ItemInput[] {
  return Array.from({ length: count }, (_, i) => {
    const n = i + variant * count;
    return {
      description:
        i % 7 === 3
          ? `Servicio de mantenimiento preventivo y correctivo N° ${n + 1} de equipos de climatización, incluye repuestos, mano de obra especializada, traslado del técnico y garantía de noventa días`
          : `Artículo de ferretería N° ${n + 1} – tornillo autorroscante ${(n % 5) + 1}/4"`,
      quantity: (n % 9) + 1,
      unit_price: `${((n * 37) % 500) + 1}.${String((n * 13) % 100).padStart(2, "0")}`,
      ...(i % 11 === 5 ? { discount: { percent: 5 } } : {}),
    };
  });
}

export const REQUESTS: Record<string, { type: SaleDocumentType; request: InvoiceRequest }> = {
  "01-one-line": {
    type: "01",
    request: {
      series: "F001",
      customer: RUC_CUSTOMER,
      items: [{ description: "Laptop Lenovo ThinkPad E14 – 16 GB", quantity: 1, unit_price: "100" }],
    },
  },
  "01-mixed": {
    type: "01",
    request: {
      series: "F001",
      customer: RUC_CUSTOMER,
      items: [
        {
          description: "Pisco quebranta 750 ml",
          quantity: 6,
          unit_price: "25",
          isc: { rate: "17" },
          discount: { percent: 10 },
        },
        { description: "Bolsa plástica", quantity: 3, unit_price: "0.10", icbper: true },
        { description: "Libro «Historia del Perú»", quantity: 2, unit_price: "45.50", tax_affectation: "20" },
        { description: "Servicio educativo inafecto", quantity: 1, unit_price: "80", tax_affectation: "30" },
        {
          description: "Muestra gratuita de café orgánico",
          quantity: 2,
          unit_price: "12.50",
          tax_affectation: "13",
        },
        {
          description: "Instalación",
          quantity: "1.5",
          unit_price: "120.123456",
          discount: { amount: "5.00", affects_base: false },
        },
      ],
      detraction: { code: "037", percent: 12, account: "00-000-123456" },
      payment: {
        type: "credit",
        installments: [
          { amount: "250.00", due_date: "2025-04-14" },
          { amount: "248.84", due_date: "2025-05-14" },
        ],
      },
    },
  },
  "01-perception": {
    type: "01",
    request: {
      series: "F001",
      customer: RUC_CUSTOMER,
      items: [{ description: "Petróleo diésel B5 S-50", quantity: 100, unit_price: "8", unit_code: "GLL" }],
      perception: { code: "52" },
    },
  },
  "01-ivap": {
    type: "01",
    request: {
      series: "F001",
      customer: RUC_CUSTOMER,
      items: [
        {
          description: "Arroz pilado extra, saco de 50 kg",
          quantity: 100,
          unit_price: "3.10",
          unit_code: "KGM",
          tax_affectation: "17",
        },
      ],
    },
  },
  "01-export-usd": {
    type: "01",
    request: {
      series: "F002",
      currency: "USD",
      customer: {
        document_type: "0",
        document_number: "-",
        name: "ACME TRADING INC.",
        country_code: "US",
        address: "350 FIFTH AVENUE, NEW YORK",
      },
      items: [
        {
          description: "Espárragos frescos – caja de 5 kg",
          quantity: 400,
          unit_price: "12.75",
          unit_code: "BX",
          tax_affectation: "40",
        },
      ],
    },
  },
  "01-prepayment-usd-credit": {
    type: "01",
    request: {
      series: "F002",
      currency: "USD",
      customer: RUC_CUSTOMER,
      items: [{ description: "Equipo de aire acondicionado 24000 BTU", quantity: 2, unit_price: "999.99" }],
      prepayments: [{ document: { type: "01", series: "F002", number: 7 }, amount: "500.00" }],
      payment: { type: "credit", installments: [{ amount: "1859.98", due_date: "2025-04-30" }] },
    },
  },
  "03-anonymous": {
    type: "03",
    request: {
      series: "B001",
      items: [
        { description: "Menú ejecutivo", quantity: 2, unit_price: "15", price_includes_tax: true },
        { description: "Chicha morada 1 L", quantity: 1, unit_price: "8.50", price_includes_tax: true },
        { description: "Bolsa", quantity: 1, unit_price: "0.10", icbper: true },
      ],
    },
  },
  "03-dni": {
    type: "03",
    request: {
      series: "B001",
      customer: { document_type: "1", document_number: "45678912", name: "MARÍA JOSÉ ÑAUPARI QUISPE" },
      items: [
        {
          description: "Zapatillas de running talla 38",
          quantity: 1,
          unit_price: "189.90",
          price_includes_tax: true,
        },
        {
          description: "Medias deportivas (3 pares)",
          quantity: 2,
          unit_price: "19.90",
          price_includes_tax: true,
        },
      ],
    },
  },
  "01-lines-60": {
    type: "01",
    request: { series: "F001", customer: RUC_CUSTOMER, items: manyItems(60) },
  },
  "01-lines-200": {
    type: "01",
    request: { series: "F001", customer: RUC_CUSTOMER, items: manyItems(200) },
  },
};

export function compute(type: SaleDocumentType, request: InvoiceRequest): ComputedDocument {
  const r = computeDocument(request, { type, today: TODAY });
  if (!r.ok) throw new Error(`fixture refused: ${JSON.stringify(r.errors)}`);
  return r.document;
}

export function requestOf(name: string): { type: SaleDocumentType; request: InvoiceRequest } {
  const spec = REQUESTS[name];
  if (!spec) throw new Error(`no fixture ${name}`);
  return spec;
}

export function pdfInput(
  name: keyof typeof REQUESTS | string,
  over: Partial<PdfDocumentInput> = {},
): PdfDocumentInput {
  const spec = requestOf(name);
  return {
    issuer: ISSUER,
    computed: compute(spec.type, spec.request),
    number: 1234,
    hash: HASH,
    consult_url: CONSULT_URL,
    ...over,
  };
}
