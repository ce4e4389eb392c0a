import { invoiceRequests, noteRequests } from "@einvoice/contracts";
import {
  type DiscountInput,
  decimalText,
  type InvoiceRequest,
  type ItemInput,
  type NoteRequest,
} from "@einvoice/domain";
import type {
  InvoiceRequest as InvoiceRequestMessage,
  NoteRequest as NoteRequestMessage,
} from "@einvoice/proto";

/**
 * The tax service's request message of a shape-checked body. The fields a caller may send as JSON numbers
 * (quantity, percents, rates) travel as the same decimal text the engine would read from the number.
 */
export function invoiceRequestMessage(body: InvoiceRequest): InvoiceRequestMessage {
  return invoiceRequests.toMessage({
    ...body,
    ...(body.discount ? { discount: discountText(body.discount) } : {}),
    ...(body.detraction
      ? { detraction: { ...body.detraction, percent: decimalText(body.detraction.percent) } }
      : {}),
    items: body.items.map(itemText),
  });
}

/** The same for a credit or debit note's body: its lines are invoice lines. */
export function noteRequestMessage(body: NoteRequest): NoteRequestMessage {
  return noteRequests.toMessage({ ...body, ...(body.items ? { items: body.items.map(itemText) } : {}) });
}

function itemText(item: ItemInput): ItemInput {
  return {
    ...item,
    quantity: decimalText(item.quantity),
    ...(item.discount ? { discount: discountText(item.discount) } : {}),
    ...(item.isc ? { isc: { rate: decimalText(item.isc.rate) } } : {}),
  };
}

function discountText(discount: DiscountInput): DiscountInput {
  return discount.percent === undefined ? discount : { ...discount, percent: decimalText(discount.percent) };
}
