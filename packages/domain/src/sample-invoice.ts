import type { ComputedDocument } from "./generated/computed-document.js";
import type { Issuer } from "./generated/issuer.js";
import type { InvoiceRequest } from "./invoice-request.js";

/**
 * A five-line invoice as the tax engine computes it, with its issuer: what the services' boot warm-ups run their
 * hot paths on (building and signing its UBL, printing it, encoding it as a message), so a new process has compiled
 * them before its first real document. Not a real company or customer.
 */
export const SAMPLE_INVOICE: { readonly issuer: Issuer; readonly computed: ComputedDocument } = {
  issuer: {
    ruc: "20123456786",
    legal_name: "COMERCIAL ANDINA DEL PERÚ S.A.C.",
    trade_name: "Andina Market",
    address: {
      line: "AV. JAVIER PRADO ESTE 1234 OF. 502",
      ubigeo: "150131",
      district: "SAN ISIDRO",
      province: "LIMA",
      department: "LIMA",
      establishment_code: "0000",
      country_code: "PE",
    },
  },
  computed: {
    type: "01",
    series: "F001",
    issue_date: "2025-03-14",
    currency: "PEN",
    operation_type: "0101",
    customer: {
      document_type: "6",
      document_number: "20600000005",
      name: "CONSTRUCTORA PEÑA & ÁLVAREZ E.I.R.L.",
      address: "JR. LOS ÑANDÚES 456, MIRAFLORES, LIMA",
    },
    lines: [
      {
        id: 1,
        description: 'Artículo de ferretería N° 16 – tornillo autorroscante 1/4"',
        quantity: "7",
        unit_code: "NIU",
        tax_affectation: "10",
        free: false,
        unit_value: "56.95",
        reference_price: {
          type_code: "01",
          amount: "67.2014285714",
        },
        line_extension_amount: "398.65",
        allowance_charges: [],
        taxes: [
          {
            scheme: "1000",
            taxable_amount: "398.65",
            tax_amount: "71.76",
            percent: "18.00",
            exemption_reason: "10",
          },
        ],
        tax_total: "71.76",
      },
      {
        id: 2,
        description: 'Artículo de ferretería N° 17 – tornillo autorroscante 2/4"',
        quantity: "8",
        unit_code: "NIU",
        tax_affectation: "10",
        free: false,
        unit_value: "93.08",
        reference_price: {
          type_code: "01",
          amount: "109.835",
        },
        line_extension_amount: "744.64",
        allowance_charges: [],
        taxes: [
          {
            scheme: "1000",
            taxable_amount: "744.64",
            tax_amount: "134.04",
            percent: "18.00",
            exemption_reason: "10",
          },
        ],
        tax_total: "134.04",
      },
      {
        id: 3,
        description: 'Artículo de ferretería N° 18 – tornillo autorroscante 3/4"',
        quantity: "9",
        unit_code: "NIU",
        tax_affectation: "10",
        free: false,
        unit_value: "130.21",
        reference_price: {
          type_code: "01",
          amount: "153.6477777778",
        },
        line_extension_amount: "1171.89",
        allowance_charges: [],
        taxes: [
          {
            scheme: "1000",
            taxable_amount: "1171.89",
            tax_amount: "210.94",
            percent: "18.00",
            exemption_reason: "10",
          },
        ],
        tax_total: "210.94",
      },
      {
        id: 4,
        description:
          "Servicio de mantenimiento preventivo y correctivo N° 19 de equipos de climatización, incluye repuestos, mano de obra especializada, traslado del técnico y garantía de noventa días",
        quantity: "1",
        unit_code: "NIU",
        tax_affectation: "10",
        free: false,
        unit_value: "167.34",
        reference_price: {
          type_code: "01",
          amount: "197.46",
        },
        line_extension_amount: "167.34",
        allowance_charges: [],
        taxes: [
          {
            scheme: "1000",
            taxable_amount: "167.34",
            tax_amount: "30.12",
            percent: "18.00",
            exemption_reason: "10",
          },
        ],
        tax_total: "30.12",
      },
      {
        id: 5,
        description: 'Artículo de ferretería N° 20 – tornillo autorroscante 5/4"',
        quantity: "2",
        unit_code: "NIU",
        tax_affectation: "10",
        free: false,
        unit_value: "204.47",
        reference_price: {
          type_code: "01",
          amount: "241.275",
        },
        line_extension_amount: "408.94",
        allowance_charges: [],
        taxes: [
          {
            scheme: "1000",
            taxable_amount: "408.94",
            tax_amount: "73.61",
            percent: "18.00",
            exemption_reason: "10",
          },
        ],
        tax_total: "73.61",
      },
    ],
    allowance_charges: [],
    tax_subtotals: [
      {
        scheme: "1000",
        taxable_amount: "2891.46",
        tax_amount: "520.46",
      },
    ],
    tax_total: "520.46",
    monetary_total: {
      line_extension_amount: "2891.46",
      tax_inclusive_amount: "3411.92",
      allowance_total_amount: "0.00",
      charge_total_amount: "0.00",
      prepaid_amount: "0.00",
      payable_amount: "3411.92",
    },
    legends: [
      {
        code: "1000",
        text: "TRES MIL CUATROCIENTOS ONCE CON 92/100 SOLES",
      },
    ],
    payment_terms: {
      means: "Contado",
      installments: [],
    },
    prepayments: [],
    amounts: {
      taxed: "2891.46",
      exempt: "0.00",
      unaffected: "0.00",
      export: "0.00",
      free: "0.00",
      igv: "520.46",
      ivap: "0.00",
      isc: "0.00",
      icbper: "0.00",
      discounts: "0.00",
      prepaid: "0.00",
      total: "3411.92",
    },
  },
};

/**
 * The `i`-th five-line sale of a boot warm-up, as a client sends one: its descriptions, quantities and prices new
 * each time, so the code that handles new values is compiled too.
 */
export function sampleSale(i: number) {
  return {
    series: "F001",
    customer: { document_type: "6", document_number: "20100070970", name: "CLIENTE DE PRUEBA S.A.C." },
    items: Array.from({ length: 5 }, (_, line) => ({
      description: `Artículo ${line + 1} del pedido ${i}`,
      quantity: 1 + ((i + line) % 9),
      unit_price: `${10 + line + (i % 50)}.${String(i % 100).padStart(2, "0")}`,
    })),
  } satisfies InvoiceRequest;
}
