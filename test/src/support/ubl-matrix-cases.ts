/**
 * The UBL matrix: every row issued through the running system, in this order (each kind numbers its one series
 * 1..n in the order the rows are sent).
 */
import type { Kind } from "./requests.js";
import { AFFECTATION_ROWS } from "./ubl-matrix-cases-affectations.js";
import { DISCOUNT_ROWS } from "./ubl-matrix-cases-discounts.js";
import { OPERATION_ROWS } from "./ubl-matrix-cases-operations.js";
import { RECEIPT_ROWS } from "./ubl-matrix-cases-receipts.js";
import type { Row } from "./ubl-matrix-row.js";

export const ROWS: Row[] = [...AFFECTATION_ROWS, ...DISCOUNT_ROWS, ...OPERATION_ROWS, ...RECEIPT_ROWS];

/** The one series of each kind the whole matrix issues in. */
export const SERIES: Record<Kind, string> = { invoice: "FM01", receipt: "BM01" };
