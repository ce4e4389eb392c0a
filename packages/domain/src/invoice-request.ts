import type { FromSchema } from "json-schema-to-ts";
import type { invoiceRequestSchema } from "./invoice-request.schema.js";

/**
 * The business content of an invoice (01) or receipt (03) as the caller sends it (`POST /v1/invoices`,
 * `POST /v1/receipts`): the type of what `invoiceRequestSchema` accepts, so the body the gateway checks and the
 * request the tax engine reads cannot drift. Every business rule is the tax engine's.
 */
export type InvoiceRequest = FromSchema<
  typeof invoiceRequestSchema,
  // A schema default is documentation: the gateway's validator fills none in, so a defaulted field may be absent
  // and the tax engine applies the default.
  { keepDefaultedPropertiesOptional: true }
>;

export type CustomerInput = NonNullable<InvoiceRequest["customer"]>;

export type ItemInput = InvoiceRequest["items"][number];

/** A line's or the document's discount (the two schemas accept the same fields). */
export type DiscountInput = NonNullable<InvoiceRequest["discount"]>;

export type PaymentInput = NonNullable<InvoiceRequest["payment"]>;

export type DetractionInput = NonNullable<InvoiceRequest["detraction"]>;

export type PrepaymentInput = NonNullable<InvoiceRequest["prepayments"]>[number];
