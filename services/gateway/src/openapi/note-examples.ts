import type { DocumentResource, NoteRequest } from "@einvoice/domain";
import { computeDocument, computeNote } from "@einvoice/tax-engine";
import { presentedDocument } from "./presented-document.js";

const TODAY = "2026-06-03";
/** The invoice every note example modifies. */
export const NOTE_INVOICE_ID = "doc_01JZ8X3M5Q7R9T1V3W5Y7Z9B00";

const line = (description: string, unit_price: string, extra: Record<string, unknown> = {}) => ({
  description,
  quantity: 1,
  unit_price,
  ...extra,
});

/** Reason 11 is the same adjustment on a credit note (catalog 09) and a debit note (catalog 10). */
const exportAdjustment = (series: string) => ({
  summary: "11 — export adjustment: on an export invoice, every item 40",
  value: {
    series,
    reason_code: "11",
    description: "Ajuste de la exportación",
    items: [line("Ajuste exportación", "30.00", { tax_affectation: "40" })],
  },
});

/** One request example per offered reason: catalog 09 for credit notes, catalog 10 for debit notes. */
export const CREDIT_NOTE_EXAMPLES: Record<string, { summary: string; value: Omit<NoteRequest, "document"> }> =
  {
    annulment: {
      summary: "01 — annulment of the operation: no items, the note copies the invoice's lines and total",
      value: { series: "FC01", reason_code: "01", description: "Anulación de la operación" },
    },
    wrong_ruc: {
      summary: "02 — annulment for a wrong RUC: no items, the whole invoice",
      value: { series: "FC01", reason_code: "02", description: "Anulación por error en el RUC del cliente" },
    },
    description_fix: {
      summary: "03 — description correction: the corrected line with the amount it credits",
      value: {
        series: "FC01",
        reason_code: "03",
        description: "Corrección de la descripción del producto",
        items: [line("Laptop modelo X-200 (antes X-100)", "0.10")],
      },
    },
    global_discount: {
      summary: "04 — global discount granted after the sale (not on receipts)",
      value: {
        series: "FC01",
        reason_code: "04",
        description: "Descuento por pronto pago",
        items: [line("Descuento global", "50.00")],
      },
    },
    item_discount: {
      summary: "05 — discount on one item (not on receipts)",
      value: {
        series: "FC01",
        reason_code: "05",
        description: "Descuento en el ítem 1",
        items: [line("Descuento laptop", "20.00")],
      },
    },
    total_return: {
      summary: "06 — total return: no items, the whole invoice",
      value: { series: "FC01", reason_code: "06", description: "Devolución total de la mercadería" },
    },
    item_return: {
      summary: "07 — return of some items: the returned lines",
      value: {
        series: "FC01",
        reason_code: "07",
        description: "Devolución de una unidad",
        items: [{ description: "Widget", quantity: 1, unit_price: "50.00" }],
      },
    },
    bonus: {
      summary: "08 — bonus (not on receipts)",
      value: {
        series: "FC01",
        reason_code: "08",
        description: "Bonificación por volumen",
        items: [line("Bonificación", "10.00")],
      },
    },
    value_decrease: {
      summary: "09 — decrease in value",
      value: {
        series: "FC01",
        reason_code: "09",
        description: "Rebaja de precio acordada",
        items: [line("Rebaja", "15.00")],
      },
    },
    other: {
      summary: "10 — other concepts",
      value: {
        series: "FC01",
        reason_code: "10",
        description: "Ajuste por diferencia de peso",
        items: [line("Ajuste", "5.00")],
      },
    },
    export_adjustment: exportAdjustment("FC01"),
    ivap_adjustment: {
      summary: "12 — IVAP adjustment: every item 17",
      value: {
        series: "FC01",
        reason_code: "12",
        description: "Ajuste de arroz pilado",
        items: [line("Arroz pilado", "40.00", { tax_affectation: "17" })],
      },
    },
    new_due_dates: {
      summary:
        "13 — new amount pending and due dates of a credit sale: payment.installments, no items; the note's total is 0.00",
      value: {
        series: "FC01",
        reason_code: "13",
        description: "Nuevo cronograma de pagos acordado",
        payment: {
          installments: [
            { amount: "59.00", due_date: "2026-08-03" },
            { amount: "59.00", due_date: "2026-09-03" },
          ],
        },
      },
    },
  };

export const DEBIT_NOTE_EXAMPLES: Record<string, { summary: string; value: Omit<NoteRequest, "document"> }> =
  {
    interest: {
      summary: "01 — late-payment interest",
      value: {
        series: "FD01",
        reason_code: "01",
        description: "Intereses por mora",
        items: [line("Intereses", "12.50")],
      },
    },
    value_increase: {
      summary: "02 — increase in value",
      value: {
        series: "FD01",
        reason_code: "02",
        description: "Aumento de precio acordado",
        items: [line("Aumento", "20.00")],
      },
    },
    penalty: {
      summary: "03 — penalties and other concepts",
      value: {
        series: "FD01",
        reason_code: "03",
        description: "Penalidad por retraso",
        items: [line("Penalidad", "30.00")],
      },
    },
    export_adjustment: exportAdjustment("FD01"),
    ivap_adjustment: {
      summary: "12 — IVAP adjustment: every item 17",
      value: {
        series: "FD01",
        reason_code: "12",
        description: "Ajuste IVAP",
        items: [line("Arroz pilado", "40.00", { tax_affectation: "17" })],
      },
    },
  };

/** The invoice the examples modify: F001-1, 2 × 50.00 + IGV = 118.00, sold on credit (due 2026-07-03). */
function exampleInvoice() {
  const r = computeDocument(
    {
      series: "F001",
      issue_date: TODAY,
      customer: { document_type: "6", document_number: "20100070970", name: "CLIENTE SAC" },
      items: [{ description: "Widget", quantity: 2, unit_price: "50.00" }],
      payment: { type: "credit", installments: [{ amount: "118.00", due_date: "2026-07-03" }] },
    },
    { type: "01", today: TODAY },
  );
  if (!r.ok) throw new Error("note example invoice refused");
  return r.document;
}

/** The pending note the API answers for a request example (202), computed by the engine as the gateway would. */
export function pendingNote(
  type: "07" | "08",
  request: Omit<NoteRequest, "document">,
  index: number,
): DocumentResource {
  const r = computeNote(
    { ...request, document: NOTE_INVOICE_ID },
    {
      type,
      today: TODAY,
      modified: {
        id: NOTE_INVOICE_ID,
        type: "01",
        series: "F001",
        number: 1,
        issue_date: TODAY,
        computed: exampleInvoice(),
      },
    },
  );
  if (!r.ok) throw new Error(`note example refused: ${JSON.stringify(r.errors)}`);
  const doc = r.document;
  const id = `doc_01JZ8X3M5Q7R9T1V3W5Y7Z9N${String(index).padStart(2, "0")}`;
  return presentedDocument({
    id,
    object: "document",
    type: doc.type,
    series: doc.series,
    number: 1,
    status: "pending",
    issue_date: doc.issue_date,
    currency: doc.currency,
    total: doc.amounts.total,
    amounts: doc.amounts,
    customer: doc.customer,
    links: {},
    reference: doc.reference,
    reason: doc.reason,
    created_at: "2026-06-03T15:04:05.123Z",
    updated_at: "2026-06-03T15:04:05.123Z",
  });
}

/** The same note once SUNAT accepted it (201 with `Prefer: wait=N`, or a later read). */
export function acceptedNote(
  type: "07" | "08",
  request: Omit<NoteRequest, "document">,
  index: number,
): DocumentResource {
  const pending = pendingNote(type, request, index);
  const label = type === "07" ? "La Nota de Credito" : "La Nota de Debito";
  const files = `http://127.0.0.1:8080/v1/files/${pending.id}`;
  return {
    ...pending,
    status: "accepted",
    sunat: {
      code: "0",
      description: `${label} numero ${pending.series}-${pending.number}, ha sido aceptada`,
      notes: [],
      simulated: true,
    },
    hash: "q3Xo7sQm0yY2b1mJm7n1cX2bq0m2b8Vt5b2m3Zc1Q9k=",
    links: { pdf: `${files}/pdf`, xml: `${files}/xml`, cdr: `${files}/cdr` },
    updated_at: "2026-06-03T15:04:06.456Z",
  };
}
