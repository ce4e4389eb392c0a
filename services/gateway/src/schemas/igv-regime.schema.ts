import { IGV_REGIME_VALUES } from "@einvoice/domain";

/** JSON Schema of `PUT /v1/company/igv_regime`. */
export const igvRegimeSchema = {
  $id: "IgvRegimeUpdate",
  description:
    "The company's IGV regime for the key's mode. `restaurants_hotels` is the special rate of Ley 31556 and its extensions for micro and small restaurants, hotels and tourist lodgings in SUNAT's register: every IGV line of the company's invoices and receipts carries the special rate in force on the issue date (10 % until 2025-12-31, 10.5 % in 2026). `general` (the default) is 18 %.",
  type: "object",
  additionalProperties: false,
  required: ["igv_regime"],
  properties: {
    igv_regime: {
      type: "string",
      enum: IGV_REGIME_VALUES,
      description:
        "`general` (18 %, the default) or `restaurants_hotels` (the special rate; SUNAT observes a document at it, 4439, when the company is not in its register).",
      examples: ["restaurants_hotels"],
    },
  },
} as const;
