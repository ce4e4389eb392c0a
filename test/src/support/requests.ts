/** Request building blocks shared by the end-to-end tables. */

import { limaToday } from "./dates.js";

export type Body = Record<string, unknown>;
export type Kind = "invoice" | "receipt";

/**
 * A request or a part of one; a function when it holds dates, so they are computed when the request is sent (a
 * run may cross midnight).
 */
export type LazyBody = Body | (() => Body);
export const resolveBody = (body: LazyBody): Body => (typeof body === "function" ? body() : body);

export const PATH: Record<Kind, string> = { invoice: "/v1/invoices", receipt: "/v1/receipts" };
export const TYPE_CODE: Record<Kind, "01" | "03"> = { invoice: "01", receipt: "03" };

/** A RUC customer (an invoice needs one, ERR 2800). */
export const RUC_CUSTOMER = { document_type: "6", document_number: "20100070970", name: "CLIENTE SAC" };
/** A DNI customer (receipts). */
export const DNI_CUSTOMER = { document_type: "1", document_number: "45678912", name: "JUAN PEREZ" };
/** An export buyer: document_type 0, number "-", a foreign country (spec tax rule 5). */
export const FOREIGN_CUSTOMER = {
  document_type: "0",
  document_number: "-",
  name: "ACME TRADING INC",
  country_code: "US",
};

/** A detraction: catalog 54 code 037 at 12 %, to be paid into `account`. */
export const DETRACTION = { code: "037", percent: 12, account: "00-000-123456" };

/** `payment` of a credit sale: one installment per `[amount, due_date]`. */
export const credit = (...installments: [string, string][]): Body => ({
  type: "credit",
  installments: installments.map(([amount, due_date]) => ({ amount, due_date })),
});

export const item = (over: Body = {}): Body => ({
  description: "Producto",
  quantity: 1,
  unit_price: "100.00",
  ...over,
});

/** The smallest valid body of each kind: one taxed line of 100.00 (total 118.00), PEN, issued today. */
export const validBody = (kind: Kind, series: string, over: Body = {}): Body =>
  kind === "invoice"
    ? { series, customer: RUC_CUSTOMER, items: [item()], ...over }
    : { series, items: [item()], ...over };

/**
 * `count` distinct series of a kind: `F`/`B` + `prefix` + base-36 digits (e.g. `FV00`, `FV01` … `FVZZ`), so every
 * case of a table can own a series whose counter nothing else touches.
 */
export const seriesFor = (kind: Kind, prefix: string, index: number): string => {
  const width = 3 - prefix.length;
  const digits = index.toString(36).toUpperCase().padStart(width, "0");
  if (digits.length > width) throw new Error(`series index ${index} does not fit ${width} characters`);
  return `${kind === "invoice" ? "F" : "B"}${prefix}${digits}`;
};

/** A sender's guide (09) by own vehicle, one driver and one line, starting today in Lima; `over` adds or replaces fields. */
export const senderGuide = (series: string, over: Body = {}): Body => ({
  series,
  recipient: { document_type: "6", document_number: "20100070970", name: "CLIENTE EJEMPLO SAC" },
  reason_code: "01",
  transport_mode: "02",
  start_date: limaToday(),
  gross_weight: "120.5",
  origin: { ubigeo: "150101", address: "AV. LOS OLIVOS 123" },
  destination: { ubigeo: "040101", address: "CALLE MERCADERES 210" },
  vehicles: [{ plate: "ABC123" }],
  drivers: [
    {
      document_type: "1",
      document_number: "45678901",
      first_name: "JUAN",
      last_name: "PEREZ",
      license: "Q45678901",
    },
  ],
  items: [{ description: "Cajas de tornillos", quantity: "10" }],
  ...over,
});
