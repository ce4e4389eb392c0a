/**
 * A row of the 422 table: a request the system must refuse, and the errors it must list. Each row owns a series
 * (`withSeries`), so the valid document issued after the 422 proves the refusal spent no number.
 */
import {
  type Body,
  FOREIGN_CUSTOMER,
  item,
  type Kind,
  type LazyBody,
  resolveBody,
  validBody,
} from "./requests.js";

/** A row as a table writes it: `invoice` or `receipt` names the kind and holds the changes to the valid body. */
export type CaseSpec = {
  name: string;
  /** Every `param:code` the 422 must list, in order; the first is the error's `param`/`code`. */
  errors: string[];
} & ({ invoice: LazyBody; receipt?: never } | { receipt: LazyBody; invoice?: never });

export interface Row {
  name: string;
  kind: Kind;
  /** Its own series (`FV00`…, `BV00`…): rows about the series itself override it in `body`. */
  series: string;
  /** The refused request in `series`. */
  body: (series: string) => Body;
  errors: string[];
}

/** Numbers each kind's rows from 0, in order, and gives each its series. */
export const withSeries = (specs: CaseSpec[], seriesFor: (kind: Kind, index: number) => string): Row[] => {
  const next: Record<Kind, number> = { invoice: 0, receipt: 0 };
  return specs.map(({ name, errors, invoice, receipt }) => {
    const kind: Kind = invoice === undefined ? "receipt" : "invoice";
    const over = (invoice ?? receipt)!;
    return {
      name,
      kind,
      series: seriesFor(kind, next[kind]++),
      body: (s) => validBody(kind, s, resolveBody(over)),
      errors,
    };
  });
};

/** A valid export: a foreign buyer and one line of affectation 40. */
export const EXPORT = { customer: FOREIGN_CUSTOMER, items: [item({ tax_affectation: "40" })] };

/** A prepayment citing invoice F001-1 for 10.00; `over` and `document` change it. */
export const prepayment = (over: Body = {}, document: Body = {}) => ({
  document: { type: "01", series: "F001", number: 1, ...document },
  amount: "10.00",
  ...over,
});
