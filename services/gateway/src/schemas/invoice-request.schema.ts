/**
 * JSON Schema of the invoice/receipt request body: shapes and types only (the tax service owns every business
 * rule). Also the source of the OpenAPI request schema.
 */
const decimal = { type: "string", pattern: "^-?\\d{1,12}(\\.\\d{1,10})?$" } as const;
const decimalOrNumber = { type: ["string", "number"] } as const;
const date = { type: "string", format: "date" } as const;

const discount = {
  type: "object",
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
    unit_price: decimal,
    unit_code: { type: "string", pattern: "^[A-Z0-9]{1,3}$" },
    tax_affectation: { type: "string", pattern: "^\\d{2}$" },
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
  type: "object",
  additionalProperties: false,
  required: ["series", "items"],
  properties: {
    series: { type: "string", minLength: 1, maxLength: 4 },
    currency: { type: "string", pattern: "^[A-Z]{3}$" },
    issue_date: date,
    customer: {
      type: "object",
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
    items: { type: "array", minItems: 1, maxItems: 999, items: item },
    discount,
    payment: {
      type: "object",
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
      additionalProperties: false,
      required: ["code"],
      properties: { code: { type: "string" } },
    },
  },
} as const;
