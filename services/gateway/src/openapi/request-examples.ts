import type { Customer, PresentedDocumentAmounts } from "@einvoice/domain";

/**
 * The documented create requests, one or more per document kind, each with what the platform computes for it.
 * `computed` is literal on purpose (a reader sees real figures); `document-examples.test.ts` recomputes it with
 * the tax engine, and the e2e test `api-reference.test.ts` issues every request against the running system and
 * compares its answer.
 */

export type DocumentKind = "invoice" | "receipt";

export interface CreateExample {
  /** Example key in the document (`examples.<name>`), shared by the request and its responses. */
  name: string;
  kind: DocumentKind;
  summary: string;
  description: string;
  /** The body, exactly as a caller sends it. Dates in it are examples: an issuer sends dates of its own. */
  request: Record<string, unknown>;
  /** The Document fields the tax engine fills for this request. */
  computed: {
    currency: string;
    total: string;
    amounts: PresentedDocumentAmounts;
    customer: Customer;
  };
}

const ZERO = "0.00";
/** Amounts with every part zero and nothing that does not apply, to spread the figures of an example over. */
const amounts = (parts: Partial<PresentedDocumentAmounts> & { total: string }): PresentedDocumentAmounts => ({
  taxed: ZERO,
  exempt: ZERO,
  unaffected: ZERO,
  export: ZERO,
  free: ZERO,
  igv: ZERO,
  ivap: ZERO,
  isc: ZERO,
  icbper: ZERO,
  discounts: ZERO,
  prepaid: ZERO,
  perception: null,
  total_to_collect: null,
  detraction: null,
  ...parts,
});

const rucCustomer = { document_number: "20100070970", name: "CLIENTE EJEMPLO SAC" };
const printedRucCustomer = { document_type: "6", ...rucCustomer, address: null, country_code: null };

export const CREATE_EXAMPLES: readonly CreateExample[] = [
  {
    name: "readme",
    kind: "invoice",
    summary: "A simple invoice (the README's)",
    description:
      "Two units at 100.00 without IGV to a RUC customer, in PEN, issued today. `document_type` `6` is derived from the 11-digit number.",
    request: {
      series: "F001",
      customer: rucCustomer,
      items: [{ description: "Widget", quantity: 2, unit_price: "100.00" }],
    },
    computed: {
      currency: "PEN",
      total: "236.00",
      amounts: amounts({ taxed: "200.00", igv: "36.00", total: "236.00" }),
      customer: printedRucCustomer,
    },
  },
  {
    name: "credit_detraction",
    kind: "invoice",
    summary: "A service on credit with a detraction",
    description:
      "A service (`ZZ`) subject to a 12 % detraction (catalog 54 `020`, maintenance), paid in two installments that add up to the total less the detraction: 2950.00 − 354.00 = 2596.00.",
    request: {
      series: "F002",
      customer: rucCustomer,
      items: [
        {
          description: "Mantenimiento de equipos, junio",
          quantity: 1,
          unit_price: "2500.00",
          unit_code: "ZZ",
        },
      ],
      detraction: { code: "020", percent: 12, account: "00-000-123456" },
      payment: {
        type: "credit",
        installments: [
          { amount: "1298.00", due_date: "2026-07-01" },
          { amount: "1298.00", due_date: "2026-08-01" },
        ],
      },
    },
    computed: {
      currency: "PEN",
      total: "2950.00",
      amounts: amounts({ taxed: "2500.00", igv: "450.00", total: "2950.00", detraction: "354.00" }),
      customer: printedRucCustomer,
    },
  },
  {
    name: "perception",
    kind: "invoice",
    summary: "Prices with IGV and a 2 % perception",
    description:
      "Prices that include IGV (`price_includes_tax`) and a perception of regime `51` (factor 0.02): the buyer pays `total_to_collect`.",
    request: {
      series: "F003",
      customer: rucCustomer,
      items: [
        {
          description: "Cemento Portland tipo I, bolsa 42.5 kg",
          quantity: 40,
          unit_price: "28.50",
          price_includes_tax: true,
        },
      ],
      perception: { code: "51" },
    },
    computed: {
      currency: "PEN",
      total: "1140.00",
      amounts: amounts({
        taxed: "966.10",
        igv: "173.90",
        total: "1140.00",
        perception: "22.80",
        total_to_collect: "1162.80",
      }),
      customer: printedRucCustomer,
    },
  },
  {
    name: "export_usd",
    kind: "invoice",
    summary: "An export in USD",
    description:
      "Every line `40` (export), a foreign buyer `0` / `-` with its `country_code`, in USD: no IGV (spec tax rule 5).",
    request: {
      series: "F004",
      currency: "USD",
      customer: { document_type: "0", document_number: "-", name: "ACME TRADING INC", country_code: "US" },
      items: [
        {
          description: "Café verde arábica, saco 60 kg",
          quantity: 10,
          unit_price: "320.00",
          unit_code: "BG",
          tax_affectation: "40",
        },
      ],
    },
    computed: {
      currency: "USD",
      total: "3200.00",
      amounts: amounts({ export: "3200.00", total: "3200.00" }),
      customer: {
        document_type: "0",
        document_number: "-",
        name: "ACME TRADING INC",
        address: null,
        country_code: "US",
      },
    },
  },
  {
    name: "mixed_discounts",
    kind: "invoice",
    summary: "Taxed and exempt lines, ISC and discounts",
    description:
      "A 10 % line discount that lowers the base, an exempt line (`20`), a line with 20 % ISC, and a 10.00 document discount that does not lower the base (`affects_base` false).",
    request: {
      series: "F005",
      customer: rucCustomer,
      items: [
        { description: "Laptop 14 pulgadas", quantity: 1, unit_price: "2500.00", discount: { percent: 10 } },
        { description: "Libro técnico", quantity: 2, unit_price: "45.00", tax_affectation: "20" },
        { description: "Licor de 40 grados", quantity: 3, unit_price: "50.00", isc: { rate: 20 } },
      ],
      discount: { amount: "10.00", affects_base: false },
    },
    computed: {
      currency: "PEN",
      total: "2947.40",
      amounts: amounts({
        taxed: "2400.00",
        exempt: "90.00",
        igv: "437.40",
        isc: "30.00",
        discounts: "10.00",
        total: "2947.40",
      }),
      customer: printedRucCustomer,
    },
  },
  {
    name: "anonymous",
    kind: "receipt",
    summary: "A receipt without customer",
    description:
      "Up to S/ 700.00 in PEN a receipt may omit `customer`: it is issued to `CLIENTES VARIOS`. Prices include IGV.",
    request: {
      series: "B001",
      items: [{ description: "Café americano", quantity: 2, unit_price: "8.00", price_includes_tax: true }],
    },
    computed: {
      currency: "PEN",
      total: "16.00",
      amounts: amounts({ taxed: "13.56", igv: "2.44", total: "16.00" }),
      customer: {
        document_type: "0",
        document_number: "-",
        name: "CLIENTES VARIOS",
        address: null,
        country_code: null,
      },
    },
  },
  {
    name: "dni_icbper",
    kind: "receipt",
    summary: "A receipt to a DNI with plastic bags",
    description:
      "A DNI customer (`document_type` `1` derived from the 8 digits), an exempt line, and two plastic bags with ICBPER (0.50 each since 2023) on top of their IGV.",
    request: {
      series: "B002",
      customer: { document_number: "45678912", name: "JUAN PEREZ QUISPE" },
      items: [
        { description: "Pan francés", quantity: 20, unit_price: "0.40", tax_affectation: "20" },
        { description: "Bolsa plástica", quantity: 2, unit_price: "0.10", icbper: true },
      ],
    },
    computed: {
      currency: "PEN",
      total: "9.24",
      amounts: amounts({ taxed: "0.20", exempt: "8.00", igv: "0.04", icbper: "1.00", total: "9.24" }),
      customer: {
        document_type: "1",
        document_number: "45678912",
        name: "JUAN PEREZ QUISPE",
        address: null,
        country_code: null,
      },
    },
  },
];

export const createExamples = (kind: DocumentKind) => CREATE_EXAMPLES.filter((e) => e.kind === kind);

/** The README's invoice ("Try it"); `openapi-document.test.ts` checks README.md still shows it. */
export const invoiceRequestExample = CREATE_EXAMPLES[0]!.request;

/**
 * A request the tax engine refuses, and the violations it answers (the 422 example of the create operations). Its
 * shape is valid; its business is not: the discount exceeds the line, and the installment is not due after today.
 */
export const REFUSED_EXAMPLE = {
  request: {
    series: "F001",
    customer: rucCustomer,
    items: [{ description: "Widget", quantity: 2, unit_price: "100.00", discount: { amount: "250.00" } }],
    payment: { type: "credit", installments: [{ amount: "100.00", due_date: "2026-05-01" }] },
  },
  violations: [
    {
      param: "items.0.discount.amount",
      code: "discount_exceeds_amount",
      message: "an affects_base line discount must be less than the line value",
    },
    {
      param: "payment.installments.0.due_date",
      code: "due_date_not_after_issue_date",
      message: "an installment falls due after the issue date",
    },
  ],
};
