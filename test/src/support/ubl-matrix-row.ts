/**
 * A row of the UBL matrix: one request issued through the system and the figures its signed XML must print,
 * computed by hand from the request (IGV 18 %, IVAP 4 %, ICBPER S/ 0.50 per bag since 2023), independently of
 * the tax engine. The case tables write only what differs from row to row; `invoiceRows` / `receiptRows` fill
 * in the rest.
 */

import { sumMoney } from "./money.js";
import { type Body, type Kind, type LazyBody, RUC_CUSTOMER, resolveBody } from "./requests.js";

/** The keys of a Document's `amounts`. */
export type AmountKey =
  | "taxed"
  | "exempt"
  | "unaffected"
  | "export"
  | "free"
  | "igv"
  | "ivap"
  | "isc"
  | "icbper"
  | "discounts"
  | "prepaid"
  | "total"
  | "perception"
  | "total_to_collect"
  | "detraction";

/** Keys every Document's `amounts` has ("0.00" when nothing applies). */
export const ALWAYS: AmountKey[] = [
  "taxed",
  "exempt",
  "unaffected",
  "export",
  "free",
  "igv",
  "ivap",
  "isc",
  "icbper",
  "discounts",
  "prepaid",
  "total",
];
/** Keys present only on a Document with a perception or a detraction. */
export const OPTIONAL: AmountKey[] = ["perception", "total_to_collect", "detraction"];

/** Catalog 51 operation type: `InvoiceTypeCode/@listID`. */
export type Operation = "0101" | "0200" | "1001" | "2001";

/** A `cac:AllowanceCharge` as [catalog 53 code, amount]. */
export type Charge = [string, string];

export interface Row {
  name: string;
  kind: Kind;
  /** The request without `series` (each kind has one series for the whole matrix). */
  body: () => Body;
  operation: Operation;
  /** Hand-computed `amounts`; keys left out must be "0.00" (and absent for perception/detraction). */
  amounts: Partial<Record<AmountKey, string>> & { total: string };
  /** Hand-computed LegalMonetaryTotal figures not in `amounts`. */
  lineExtension: string;
  taxInclusive: string;
  /** Hand-computed `LineExtensionAmount` of each line. */
  lines: string[];
  /** Hand-computed IGV declared (not charged) on free lines, scheme 9996; required when a line is free. */
  freeTax?: string;
  /** Hand-computed document `cac:AllowanceCharge`, in order (none when omitted). */
  charges?: Charge[];
  /** Hand-computed line `cac:AllowanceCharge` by line index (none on other lines). */
  lineCharges?: Record<number, Charge[]>;
}

/** A row as a table writes it: the kind is the table's, and the usual values may be left out. */
export interface RowSpec extends Omit<Row, "kind" | "body" | "operation" | "lineExtension" | "taxInclusive"> {
  body: LazyBody;
  /** Omitted: "0101", internal sale. */
  operation?: Operation;
  /** Omitted: the sum of `lines` (right when no line is free and no document discount 02 lowers it). */
  lineExtension?: string;
  /** Omitted: `amounts.total` (right without a discount 03, a prepayment or a line discount 01). */
  taxInclusive?: string;
}

const toRow =
  (kind: Kind, defaults: Body) =>
  ({ body, ...spec }: RowSpec): Row => ({
    ...spec,
    kind,
    body: () => ({ ...defaults, ...resolveBody(body) }),
    operation: spec.operation ?? "0101",
    lineExtension: spec.lineExtension ?? sumMoney(spec.lines),
    taxInclusive: spec.taxInclusive ?? spec.amounts.total,
  });

/** Invoice rows; the customer is a RUC holder unless the row names another. */
export const invoiceRows = (specs: RowSpec[]): Row[] =>
  specs.map(toRow("invoice", { customer: RUC_CUSTOMER }));

/** Receipt rows; anonymous unless the row names a customer. */
export const receiptRows = (specs: RowSpec[]): Row[] => specs.map(toRow("receipt", {}));

/** A line of the request. */
export const item = (
  description: string,
  quantity: number | string,
  unit_price: string,
  over: Body = {},
) => ({
  description,
  quantity,
  unit_price,
  ...over,
});

/** Free (gratuitous) affectations of catalog 07: taxed transfers 11–16, unaffected ones 31–37 (21 is exempt). */
export const FREE_TAXED = ["11", "12", "13", "14", "15", "16"];
export const FREE_UNAFFECTED = ["31", "32", "33", "34", "35", "36", "37"];
