/**
 * The 422 table: every refusal of the spec (tax rules 1–12 and the Errors list for invoices and receipts), in this
 * order. Sources: the spec's "Tax rules for invoices and receipts" and "Errors", the tax engine's validators
 * (packages/tax-engine/src/validate-*.ts, discounts, line, document-discount, payment, detraction, perception,
 * prepayments, compute-document) and the gateway's JSON Schema.
 */
import { seriesFor } from "./requests.js";
import { type Row, withSeries } from "./validation-case.js";
import { CUSTOMER_CASES } from "./validation-cases-customer.js";
import { LINE_CASES } from "./validation-cases-lines.js";
import { OPERATION_CASES } from "./validation-cases-operations.js";
import { SHAPE_CASES } from "./validation-cases-shape.js";
import { TAX_CASES } from "./validation-cases-taxes.js";

/** Each row's own series: invoices `FV00`…, receipts `BV00`… (index within its kind). */
export const ROWS: Row[] = withSeries(
  [...SHAPE_CASES, ...CUSTOMER_CASES, ...LINE_CASES, ...TAX_CASES, ...OPERATION_CASES],
  (kind, index) => seriesFor(kind, "V", index),
);
