/**
 * JSON Schema of the invoice/receipt request body: shapes and types only (the tax service owns every business
 * rule). The one source of the request's shape: the gateway validates bodies with it, `InvoiceRequest` is its type,
 * and the OpenAPI request schema is this object, so each property says what a caller needs: meaning,
 * unit (percent or fraction), format, SUNAT catalog and its accepted values, default, and the rule it follows.
 * Descriptions, defaults and examples are annotations: they never change what is accepted.
 */
const decimal = {
  type: "string",
  pattern: "^-?\\d{1,12}(\\.\\d{1,10})?$",
} as const;
const decimalOrNumber = { type: ["string", "number"] } as const;
const date = { type: "string", format: "date" } as const;

/** An amount: a decimal string, at most 2 decimals (checked by the tax engine). */
const amount = (description: string) =>
  ({
    ...decimal,
    description: `${description} Decimal string, at most 2 decimals (e.g. \`100.00\`); never a JSON number.`,
    examples: ["100.00"],
  }) as const;

/** One installment of a credit sale, of an invoice or of a credit note's new schedule: its amount and due date. */
export const installmentSchema = <const Amount extends object, const DueDate extends object>(
  amount: Amount,
  due_date: DueDate,
) =>
  ({
    type: "object",
    description: "One installment.",
    additionalProperties: false,
    required: ["amount", "due_date"],
    properties: { amount, due_date },
  }) as const;

const discount = (level: "line" | "document") =>
  ({
    type: "object",
    description:
      level === "line"
        ? "Optional: a discount on this line (catalog 53 `00` when it lowers the base, `01` when it does not). Exactly one of `percent` or `amount` (`discount_percent_or_amount`); larger than the line it reduces: 422 `discount_exceeds_amount` (spec tax rule 3). Not on a free line."
        : "Optional: a discount on the whole document (catalog 53 `02` when it lowers the base, `03` when it does not). Exactly one of `percent` or `amount` (`discount_percent_or_amount`); larger than what it reduces: 422 `discount_exceeds_amount` (spec tax rule 3).",
    additionalProperties: false,
    properties: {
      percent: {
        ...decimalOrNumber,
        description:
          level === "line"
            ? "A **percent** (`10` = 10 %, not `0.10`), more than 0 and at most 100, up to 3 decimals: of value × quantity when `affects_base` is true, of the line total with taxes when false. Send this or `amount`, omit the other."
            : "A **percent** (`10` = 10 %, not `0.10`), more than 0 and at most 100, up to 3 decimals: of the taxed (or IVAP) base when `affects_base` is true, of the total with taxes when false. Send this or `amount`, omit the other.",
        examples: ["10", 5.5],
      },
      amount: {
        ...decimal,
        description:
          level === "line"
            ? "An amount in the document currency, at most 2 decimals. Read as a value without taxes, or as a price with taxes when the line has `price_includes_tax` (spec tax rule 3); with `affects_base` false, an amount off the line total with taxes. Send this or `percent`, omit the other."
            : "An amount in the document currency, at most 2 decimals: without taxes when `affects_base` is true (it lowers the taxed base), off the total with taxes when false. Send this or `percent`, omit the other.",
        examples: ["5.00"],
      },
      affects_base: {
        type: "boolean",
        default: true,
        description:
          "True (the default when omitted): the discount lowers the taxable base, and so the tax. False: it lowers only the amount paid (`amounts.discounts`). A base-lowering document discount needs taxed or IVAP lines (`discount_requires_taxed_lines`).",
      },
    },
  }) as const;

const invoiceItemSchema = {
  type: "object",
  description: "One line of the document.",
  additionalProperties: false,
  required: ["description", "quantity", "unit_price"],
  properties: {
    description: {
      type: "string",
      minLength: 1,
      maxLength: 500,
      description:
        "What is sold, 1–500 characters (ERR 2026/2027); line breaks and tabs allowed, other control characters refused (`invalid_characters`).",
      examples: ["Widget"],
    },
    quantity: {
      ...decimalOrNumber,
      description:
        "How many units: more than 0, up to 10 decimals (ERR 2025), as a JSON number or a decimal string. With `icbper`, a whole number of bags.",
      examples: [2, "1.5"],
    },
    unit_price: {
      ...decimal,
      description:
        "Price of one unit in the document currency, more than 0, up to 10 decimals (ERR 2369): the value **without** taxes, unless `price_includes_tax` is true. On a free line (catalog 07 `11`–`16`, `21`, `31`–`37`) the reference value without taxes (spec tax rule 2).",
      examples: ["100.00"],
    },
    unit_code: {
      type: "string",
      pattern: "^[A-Z0-9]{1,3}$",
      default: "NIU",
      description:
        "Unit of measure, UN/ECE recommendation 20 code (catalog 03): `NIU` goods (the default when omitted), `ZZ` services, `KGM` kilograms, `BG` bags…",
      examples: ["NIU", "ZZ", "KGM"],
    },
    tax_affectation: {
      type: "string",
      pattern: "^\\d{2}$",
      default: "10",
      description:
        "IGV affectation, SUNAT catalog 07; default `10` when omitted. `10` taxed; `17` taxed with IVAP (every line then `17`, spec tax rule 10); `20` exempt; `30` unaffected; `40` export (every line then `40`, spec tax rule 5); free transfers `11`–`16` (taxed), `21` (exempt), `31`–`37` (unaffected). Others: 422 `unknown_tax_affectation`.",
      examples: ["10", "20", "30"],
    },
    price_includes_tax: {
      type: "boolean",
      default: false,
      description:
        "True: `unit_price` includes IGV (or IVAP) and ISC, never ICBPER, and is what the customer pays: the line's amount is round2(`unit_price` × `quantity`), less a line discount read as a price, rounded once to the cent; its value (base) is that amount / ((1 + ISC) × (1 + IGV)) to the cent, and its IGV is the rest, so value + ISC + IGV = the amount exactly and the document total is the sum of the amounts (e.g. 7 × 1.99 with IGV: total 13.93 = value 11.81 + IGV 2.12). False (the default when omitted): `unit_price` is the value without taxes; the line's value is round2(`unit_price` × `quantity`) and the document's IGV is 18 % (or the company's rate) of the summed values, rounded once (7 × 1.99 + IGV: value 13.93, IGV 2.51, total 16.44). Not on a free line.",
    },
    discount: discount("line"),
    icbper: {
      type: "boolean",
      default: false,
      description:
        "True: the line is plastic bags subject to ICBPER (spec tax rule 8): `quantity` is the number of bags, the per-bag amount in force on the issue date is added apart from IGV (0.50 PEN since 2023). PEN only, from 2019-08-01. Default false.",
    },
    isc: {
      type: "object",
      description:
        "Optional: ISC (selective consumption tax), ad valorem only (catalog 08 `01`; spec tax rule 9): added to the line's IGV base. Not on a free line (`not_allowed_on_free_line`), an IVAP document (`isc_not_allowed_with_ivap`) or an export (`isc_not_allowed_with_export`).",
      additionalProperties: false,
      required: ["rate"],
      properties: {
        rate: {
          ...decimalOrNumber,
          description:
            "The ISC rate as a **percent** (`10` = 10 %; `0.10` would be 0.1 %), more than 0 and at most 100, up to 5 decimals; it is `cbc:Percent` in the XML.",
          examples: [10, "30.5"],
        },
      },
    },
  },
} as const;

/** The lines of an invoice, receipt or note: 1 to 999 (`cbc:ID` is n..3, ERR 2023), each with the invoice line rules. */
export const invoiceItemsSchema = (description: string) =>
  ({ type: "array", minItems: 1, maxItems: 999, items: invoiceItemSchema, description }) as const;

export const invoiceRequestSchema = {
  $id: "InvoiceRequest",
  description:
    "The body of `POST /v1/invoices` and `POST /v1/receipts`. The gateway checks shapes and types (422 `parameter_*`); the tax service then checks every business rule SUNAT would reject (422 with the engine's codes), each naming the field by its dotted path, all at once, before a number is spent.",
  type: "object",
  additionalProperties: false,
  required: ["series", "items"],
  properties: {
    series: {
      type: "string",
      minLength: 1,
      maxLength: 4,
      description:
        "The series to number in: an invoice `F` + 3 letters or digits (e.g. `F001`), a receipt `B` + 3 (e.g. `B001`); otherwise 422 `invalid_series`. Each series has its own gap-free counter per company and mode.",
      examples: ["F001", "B001"],
    },
    currency: {
      type: "string",
      pattern: "^[A-Z]{3}$",
      default: "PEN",
      description:
        "ISO 4217 currency of every amount: `PEN` (the default when omitted) or `USD` (others: `unsupported_currency`). ICBPER and perception need `PEN`; a detraction is always in PEN.",
      examples: ["PEN", "USD"],
    },
    issue_date: {
      ...date,
      description:
        "Issue date, `YYYY-MM-DD` in Lima time (America/Lima). Default when omitted: today in Lima. Never in the future (`issue_date_in_future`), at most 3 calendar days back (`issue_date_too_old`): SUNAT takes an invoice and its notes within that window (RS 000003-2023/SUNAT; Factura2_0 field 4, ERR 2108) and a receipt sent on its own likewise (Boleta2_0 field 4, ERR 1079), so a date it would refuse never spends a number. If SUNAT cannot be reached until the window's last day ends (Lima), the document ends `rejected` with `status_details.code` `submission_deadline_exceeded` and no late send is made.",
      examples: ["2026-06-01"],
    },
    customer: {
      type: "object",
      description:
        "The buyer. An invoice needs one holding a RUC (`invoice_requires_ruc`, ERR 2800), except on export (`0` / `-` / a foreign `country_code`). A receipt may omit it up to S/ 700.00 in PEN (then anonymous `0` / `-` / `CLIENTES VARIOS`); above that, or in USD, it is required (`customer_required_above_limit`).",
      additionalProperties: false,
      properties: {
        document_type: {
          type: "string",
          maxLength: 1,
          description:
            "Identity document type, SUNAT catalog 06: `6` RUC, `1` DNI, `4` carné de extranjería, `7` passport, `A` cédula diplomática, `B`–`H` other foreign documents, `0` a non-resident without tax id. Default when omitted: `6` when `document_number` has 11 digits, `1` when it has 8; otherwise required.",
          examples: ["6", "1", "0"],
        },
        document_number: {
          type: "string",
          maxLength: 20,
          description:
            "The number of that document, required (`required`, `invalid_document_number`): a RUC is 11 digits (`invalid_ruc`), a DNI 8 (`invalid_dni`); `-` for an export buyer without one.",
          examples: ["20100070970", "45678912"],
        },
        // RegistrationName is an..1500 (ERR 2022); the tax engine checks 3–1500 and the characters.
        name: {
          type: "string",
          maxLength: 1500,
          description:
            "Legal name or full name, required (`required`), 3–1500 characters (ERR 2021/2022), on one line: spaces allowed, no line break or tab (`invalid_characters`).",
          examples: ["CLIENTE EJEMPLO SAC"],
        },
        // The buyer's RegistrationAddress/AddressLine/Line is an..200 in SUNAT's workbook (Factura row 19, Boleta row 18).
        address: {
          type: "string",
          maxLength: 200,
          description:
            "The buyer's address, up to 200 characters (SUNAT's an..200); printed as sent. Optional.",
          examples: ["Av. Arequipa 123, Lima"],
        },
        country_code: {
          type: "string",
          pattern: "^[A-Z]{2}$",
          description:
            "ISO 3166-1 alpha-2 country of a foreign buyer; required on an export and not `PE` (`export_customer_must_be_foreign`). Optional otherwise.",
          examples: ["US"],
        },
      },
    },
    items: invoiceItemsSchema(
      "The lines, 1 to 999 (`cbc:ID` is n..3, ERR 2023). Taxed, exempt and unaffected lines may mix (spec tax rule 1); export and IVAP lines may not mix with others.",
    ),
    discount: discount("document"),
    payment: {
      type: "object",
      description:
        "How the buyer pays. Omitted: a cash sale (`Contado`). A credit sale (`Credito`) lists its installments (invoices only; spec tax rule 4, RS 193-2020).",
      additionalProperties: false,
      required: ["type"],
      properties: {
        type: {
          enum: ["cash", "credit"],
          description:
            "`cash` (contado) or `credit` (crédito, invoices only: `credit_not_allowed_on_receipt`). A perception needs `cash`.",
        },
        installments: {
          type: "array",
          description:
            "Required with `credit` (`required`), refused with `cash` (`installments_require_credit`): 1–999 installments (`Cuota001`…). In a PEN invoice they add up to the total, or to total − detraction when there is one; in USD with a detraction they may not exceed the total (`installments_sum_mismatch`, ERR 3265).",
          items: installmentSchema(amount("The installment, in the document currency."), {
            ...date,
            description:
              "When it is due, `YYYY-MM-DD`; strictly after the issue date (`due_date_not_after_issue_date`, ERR 3267).",
            examples: ["2026-07-01"],
          }),
        },
      },
    },
    detraction: {
      type: "object",
      description:
        "Optional: a detraction (SPOT): the buyer deposits part of the total into the seller's Banco de la Nación account. Invoices only (`detraction_not_allowed_on_receipt`); operation type 1001 and legend 2006 are added; it changes no total (spec tax rule 6). Not with a perception or an export.",
      additionalProperties: false,
      required: ["code", "percent", "account"],
      properties: {
        code: {
          type: "string",
          pattern: "^\\d{3}$",
          description:
            "The good or service, SUNAT catalog 54 (e.g. `037` other taxed services, `022` other business services, `012` labour intermediation). `004`, `027` and `028` are not offered (`detraction_code_not_offered`); unknown codes: `unknown_detraction_code`.",
          examples: ["037"],
        },
        percent: {
          ...decimalOrNumber,
          description:
            "The detraction rate as a **percent** (`12` = 12 %, not `0.12`) of the total, more than 0 and at most 100, up to 2 decimals. SUNAT does not validate it against the code: use the rate in force for your good or service.",
          examples: [12, "10"],
        },
        account: {
          type: "string",
          minLength: 1,
          maxLength: 40,
          description: "The seller's Banco de la Nación detraction account number (ERR 3034).",
          examples: ["00-000-123456"],
        },
        amount: amount(
          "The detraction in **PEN** (rule 3208). Optional in PEN: computed as total × percent / 100, and an amount sent must be within ±1.00 of that (`detraction_amount_mismatch`). Required when `currency` is not PEN (`required_when_not_pen`), taken as PEN without exchange rate.",
        ),
        payment_method: {
          type: "string",
          pattern: "^\\d{3}$",
          default: "001",
          description:
            "How the deposit is paid, SUNAT catalog 59: `001` deposit into an account (the default when omitted), `002` giro, `003` transfer, …, `999` others (`unknown_payment_method`).",
          examples: ["001"],
        },
      },
    },
    prepayments: {
      type: "array",
      description:
        "Optional: prepayments (anticipos) received earlier and deducted here: each cites its own invoice or receipt (spec tax rule 7). The total payable falls by their amounts; they may not exceed the document (`prepayments_exceed_total`). Not on an export.",
      items: {
        type: "object",
        description: "One prepayment.",
        additionalProperties: false,
        required: ["document", "amount"],
        properties: {
          document: {
            type: "object",
            description: "The document that billed the prepayment; cited once (`duplicate_prepayment`).",
            additionalProperties: false,
            required: ["type", "series", "number"],
            properties: {
              type: {
                type: "string",
                pattern: "^\\d{2}$",
                description:
                  "Its type: `01` invoice or `03` receipt (catalog 12 `02` / `03` in the XML); others: `invalid_document_type`.",
                examples: ["01"],
              },
              series: {
                type: "string",
                minLength: 1,
                maxLength: 4,
                description: "Its series, e.g. `F001`.",
                examples: ["F001"],
              },
              number: {
                type: "integer",
                minimum: 1,
                maximum: 99999999,
                description: "Its number, 1–99999999.",
                examples: [12],
              },
            },
          },
          amount: amount("The prepaid amount **with** taxes, in the document currency."),
          tax_affectation: {
            type: "string",
            pattern: "^\\d{2}$",
            description:
              "What the prepayment paid for, catalog 07 group: `10` taxed, `17` IVAP, `20` exempt, `30` unaffected. Default when omitted: the document's only kind; required when the document mixes kinds (`tax_affectation_not_in_document`).",
            examples: ["10"],
          },
        },
      },
    },
    perception: {
      type: "object",
      description:
        "Optional: an IGV perception charged by a perception agent on top of the total (spec tax rule 11): operation type 2001 and legend 2000 are added; shown as `amounts.perception` and `amounts.total_to_collect`. PEN (`perception_requires_pen`) and cash sales (`perception_requires_cash`) only; not with a detraction or an export.",
      additionalProperties: false,
      required: ["code"],
      properties: {
        code: {
          type: "string",
          description:
            "The regime, catalog 53 charge code (catalog 22): `51` domestic sale, factor 0.02 (2 %); `52` fuel, 0.01 (1 %); `53` special rate, 0.005 (0.5 %). Others: `unknown_perception_code`.",
          examples: ["51"],
        },
      },
    },
  },
} as const;
