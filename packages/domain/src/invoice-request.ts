import type { Decimal, IsoDate } from "./money.js";

/**
 * The business content of an invoice (01) or receipt (03) as the caller sends it (`POST /v1/invoices`,
 * `POST /v1/receipts`). Shape-checked by the gateway's JSON Schema; every business rule is the tax engine's.
 */
export interface InvoiceRequest {
  series: string;
  /** ISO 4217; default `PEN`. */
  currency?: string;
  /** Default: today in Lima. */
  issue_date?: IsoDate;
  customer?: CustomerInput;
  items: ItemInput[];
  discount?: DiscountInput;
  payment?: PaymentInput;
  detraction?: DetractionInput;
  prepayments?: PrepaymentInput[];
  perception?: { code: string };
}

export interface CustomerInput {
  /** Catalog 06; `0` = foreign without tax id. */
  document_type?: string;
  document_number?: string;
  name?: string;
  address?: string;
  /** ISO 3166-1 alpha-2, used for export. */
  country_code?: string;
}

export interface ItemInput {
  description: string;
  /** Up to 10 decimals; a string keeps exactness, a number is accepted for convenience. */
  quantity: number | string;
  /** Without taxes unless `price_includes_tax`. For free lines, the reference value without taxes. */
  unit_price: Decimal;
  unit_code?: string;
  /** Catalog 07; default `10`. */
  tax_affectation?: string;
  price_includes_tax?: boolean;
  discount?: DiscountInput;
  icbper?: boolean;
  isc?: { rate: number | string };
}

/** Exactly one of `percent` or `amount`. `affects_base` defaults to true. */
export interface DiscountInput {
  percent?: number | string;
  amount?: Decimal;
  affects_base?: boolean;
}

export interface PaymentInput {
  /** `cash` (Contado, default) or `credit` (Credito with installments). */
  type: "cash" | "credit";
  installments?: { amount: Decimal; due_date: IsoDate }[];
}

export interface DetractionInput {
  /** Catalog 54. */
  code: string;
  percent: number | string;
  /** Banco de la Nación account of the supplier. */
  account: string;
  /** In PEN; required when the invoice currency is not PEN. */
  amount?: Decimal;
  /** Catalog 59; default `001`. */
  payment_method?: string;
}

export interface PrepaymentInput {
  document: { type: string; series: string; number: number };
  /** With taxes. */
  amount: Decimal;
  /** Catalog 07 group of the prepaid operation; needed only when the document mixes kinds. */
  tax_affectation?: string;
}
