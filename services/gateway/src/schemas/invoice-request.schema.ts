/**
 * JSON Schema of the invoice/receipt request body: shapes and types only (the tax service owns every business
 * rule). Also the source of the OpenAPI request schema.
 */
const decimal = {
  type: "string",
  pattern: "^-?\\d{1,12}(\\.\\d{1,10})?$",
  description: "A decimal string, e.g. `100.00`.",
} as const;
const decimalOrNumber = { type: ["string", "number"] } as const;
const date = { type: "string", format: "date", description: "`YYYY-MM-DD`." } as const;

const discount = {
  type: "object",
  description:
    "Exactly one of `percent` or `amount` (checked by the tax engine); `affects_base` defaults to true.",
  additionalProperties: false,
  properties: { percent: decimalOrNumber, amount: decimal, affects_base: { type: "boolean" } },
} as const;

const item = {
  type: "object",
  additionalProperties: false,
  required: ["description", "quantity", "unit_price"],
  properties: {
    description: { type: "string", minLength: 1, maxLength: 500 },
    quantity: decimalOrNumber,
    unit_price: {
      ...decimal,
      description: "Unit value without taxes, unless `price_includes_tax` is true.",
    },
    unit_code: { type: "string", pattern: "^[A-Z0-9]{1,3}$", description: "UN/ECE rec 20; default `NIU`." },
    tax_affectation: { type: "string", pattern: "^\\d{2}$", description: "Catalog 07; default `10`." },
    price_includes_tax: { type: "boolean" },
    discount,
    icbper: { type: "boolean" },
    isc: {
      type: "object",
      additionalProperties: false,
      required: ["rate"],
      properties: { rate: decimalOrNumber },
    },
  },
} as const;

export const invoiceRequestSchema = {
  $id: "InvoiceRequest",
  description:
    "The body of `POST /v1/invoices` and `POST /v1/receipts`: shapes and types only; the tax service checks every business rule (422 naming the field).",
  type: "object",
  additionalProperties: false,
  required: ["series", "items"],
  properties: {
    series: {
      type: "string",
      minLength: 1,
      maxLength: 4,
      description: "Invoice `F` + 3 alphanumerics; receipt `B` + 3.",
    },
    currency: { type: "string", pattern: "^[A-Z]{3}$", description: "`PEN` (default) or `USD`." },
    issue_date: { ...date, description: "Default today in Lima; at most 3 days back, never in the future." },
    customer: {
      type: "object",
      description:
        "Invoice: a RUC holder, except on export. Receipt: optional up to S/ 700.00 in PEN. `document_type` defaults from the number's length (11 digits: `6` RUC, 8: `1` DNI).",
      additionalProperties: false,
      properties: {
        document_type: { type: "string", maxLength: 1 },
        document_number: { type: "string", maxLength: 20 },
        // RegistrationName is an..1500 (ERR 2022); the tax engine checks 3–1500 and the characters.
        name: { type: "string", maxLength: 1500 },
        address: { type: "string", maxLength: 500 },
        country_code: { type: "string", pattern: "^[A-Z]{2}$" },
      },
    },
    items: { type: "array", minItems: 1, maxItems: 999, items: item, description: "The lines, 1–999." },
    discount,
    payment: {
      type: "object",
      description: "Credit sale with installments (invoices only); they must add up to the amount pending.",
      additionalProperties: false,
      required: ["type"],
      properties: {
        type: { enum: ["cash", "credit"] },
        installments: {
          type: "array",
          items: {
            type: "object",
            additionalProperties: false,
            required: ["amount", "due_date"],
            properties: { amount: decimal, due_date: date },
          },
        },
      },
    },
    detraction: {
      type: "object",
      description: "Invoices only; always in PEN (`amount` required in another currency).",
      additionalProperties: false,
      required: ["code", "percent", "account"],
      properties: {
        code: { type: "string", pattern: "^\\d{3}$" },
        percent: decimalOrNumber,
        account: { type: "string", minLength: 1, maxLength: 40 },
        amount: decimal,
        payment_method: { type: "string", pattern: "^\\d{3}$" },
      },
    },
    prepayments: {
      type: "array",
      description: "Prepayment documents deducted from this one, with their amounts including taxes.",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["document", "amount"],
        properties: {
          document: {
            type: "object",
            additionalProperties: false,
            required: ["type", "series", "number"],
            properties: {
              type: { type: "string", pattern: "^\\d{2}$" },
              series: { type: "string", minLength: 1, maxLength: 4 },
              number: { type: "integer", minimum: 1, maximum: 99999999 },
            },
          },
          amount: decimal,
          tax_affectation: { type: "string", pattern: "^\\d{2}$" },
        },
      },
    },
    perception: {
      type: "object",
      description: "`code` `51`, `52` or `53`; PEN and cash sales only.",
      additionalProperties: false,
      required: ["code"],
      properties: { code: { type: "string" } },
    },
  },
} as const;
