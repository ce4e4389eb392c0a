import type {
  ComputeContext,
  ComputedDocument,
  ComputeResult,
  FieldError,
  InvoiceRequest,
  ItemInput,
  SaleDocumentType,
} from "@einvoice/domain";
import { expect } from "vitest";
import { computeDocument } from "../src/compute-document.js";

export const TODAY = "2024-05-10";
export const ctx = (type: SaleDocumentType = "01", today = TODAY): ComputeContext => ({ type, today });

export const item = (over: Partial<ItemInput> = {}): ItemInput => ({
  description: "Producto",
  quantity: 1,
  unit_price: "100.00",
  ...over,
});

export const invoice = (over: Partial<InvoiceRequest> = {}): InvoiceRequest => ({
  series: "F001",
  customer: { document_type: "6", document_number: "20123456786", name: "ACME S.A.C." },
  items: [item()],
  ...over,
});

export const receipt = (over: Partial<InvoiceRequest> = {}): InvoiceRequest => ({
  series: "B001",
  items: [item()],
  ...over,
});

/** Computes and fails with the errors when the engine refused. */
export function ok(req: InvoiceRequest, context: ComputeContext = ctx()): ComputedDocument {
  const r: ComputeResult = computeDocument(req, context);
  if (!r.ok) throw new Error(JSON.stringify(r.errors, null, 1));
  return r.document;
}

/** Computes and returns the errors, failing when the engine accepted. */
export function refused(req: InvoiceRequest, context: ComputeContext = ctx()): FieldError[] {
  const r = computeDocument(req, context);
  expect(r.ok, "expected a 422").toBe(false);
  return r.ok ? [] : r.errors;
}

/** Asserts an error with this param and code is among those returned. */
export function expectError(
  req: InvoiceRequest,
  param: string,
  code: string,
  context: ComputeContext = ctx(),
) {
  const errors = refused(req, context);
  expect(errors).toContainEqual(expect.objectContaining({ param, code }));
  for (const e of errors) expect(e.code).toMatch(/^[a-z]+(_[a-z0-9]+)*$/);
}

export const subtotal = (doc: ComputedDocument, scheme: string) =>
  doc.tax_subtotals.find((s) => s.scheme === scheme);
