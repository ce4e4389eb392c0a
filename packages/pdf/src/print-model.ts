import type { AllowanceCharge, ComputedDocument, ComputedLine, TaxSchemeId } from "@einvoice/domain";
import { ALLOWANCE_CHARGE, printedNumber } from "@einvoice/domain";
import { Decimal } from "decimal.js";
import { formatAmount, formatDate, formatPercent, formatQuantity, formatUnitValue } from "./format.js";
import type { PdfDocumentInput } from "./input.js";
import {
  affectationLabel,
  currencyName,
  currencySymbol,
  DOCUMENT_TITLES,
  detractionLabel,
  identityLabel,
  operationLabel,
  paymentMethodLabel,
  perceptionLabel,
} from "./labels.js";
import { sunatQrPayload } from "./qr-payload.js";

export interface Fact {
  label: string;
  value: string;
}

export interface PrintLine {
  index: string;
  quantity: string;
  unit: string;
  description: string;
  /** Short notes under the description: affectation, free transfer, ISC, ICBPER. */
  details: string[];
  unitValue: string;
  /** Empty when the line has no discount. */
  discount: string;
  value: string;
}

export interface TotalRow {
  label: string;
  value: string;
  strong: boolean;
}

export interface NoteBlock {
  title: string;
  facts: Fact[];
}

export interface Installment {
  id: string;
  due: string;
  amount: string;
}

/** Everything printed, as text: the A4 and ticket layouts only place it. */
export interface PrintModel {
  title: string;
  id: string;
  issuer: { legalName: string; tradeName?: string; ruc: string; address: string[] };
  /** Warnings printed in a box on the first page (test mode, rejected). */
  banners: string[];
  documentFacts: Fact[];
  customerFacts: Fact[];
  lines: PrintLine[];
  totals: TotalRow[];
  legends: string[];
  credit?: { pending: string; installments: Installment[] };
  notes: NoteBlock[];
  hash: string;
  qr: string;
  representation: string;
  consult: string;
  /** SUNAT's answer, when the PDF is made after it. */
  verdict?: string;
}

const isZero = (amount: string | undefined) => amount === undefined || new Decimal(amount).isZero();
const sum = (values: string[]) => values.reduce((acc, v) => acc.plus(v), new Decimal(0)).toFixed(2);
const discounts = (charges: AllowanceCharge[], codes: string[]) =>
  charges.filter((c) => !c.charge && codes.includes(c.reason_code)).map((c) => c.amount);

/** The rate of a tax as printed beside its name (`IGV 18%`), taken from the first line that carries it. */
function rateOf(doc: ComputedDocument, scheme: TaxSchemeId): string {
  const percent = doc.lines.flatMap((l) => l.taxes).find((t) => t.scheme === scheme && t.percent)?.percent;
  return percent ? ` ${formatPercent(percent, false)}` : "";
}

function lineDetails(line: ComputedLine): string[] {
  const details: string[] = [];
  if (line.free)
    details.push(
      `${affectationLabel(line.tax_affectation)} · gratuito, valor referencial ${formatUnitValue(line.reference_price.amount)}`,
    );
  else if (line.tax_affectation !== "10") details.push(affectationLabel(line.tax_affectation));
  for (const tax of line.taxes) {
    if (tax.scheme === "2000")
      details.push(
        `ISC${tax.percent ? ` ${formatPercent(tax.percent, false)}` : ""}: ${formatAmount(tax.tax_amount)}`,
      );
    if (tax.scheme === "7152")
      details.push(
        `ICBPER: ${formatQuantity(tax.base_unit_quantity ?? "0")} × ${formatAmount(tax.per_unit_amount ?? "0")} = ${formatAmount(tax.tax_amount)}`,
      );
  }
  const notBase = discounts(line.allowance_charges, [ALLOWANCE_CHARGE.lineDiscount]);
  if (notBase.length > 0) details.push(`Descuento no afecto a la base: ${formatAmount(sum(notBase))}`);
  return details;
}

function printLine(line: ComputedLine): PrintLine {
  const lineDiscounts = discounts(line.allowance_charges, [
    ALLOWANCE_CHARGE.lineDiscountInBase,
    ALLOWANCE_CHARGE.lineDiscount,
  ]);
  return {
    index: String(line.id),
    quantity: formatQuantity(line.quantity),
    unit: line.unit_code,
    description: line.description,
    details: lineDetails(line),
    unitValue: formatUnitValue(line.unit_value),
    discount: lineDiscounts.length > 0 ? formatAmount(sum(lineDiscounts)) : "",
    value: formatAmount(line.line_extension_amount),
  };
}

function totals(doc: ComputedDocument): TotalRow[] {
  const a = doc.amounts;
  const money = (amount: string, currency = doc.currency) =>
    `${currencySymbol(currency)} ${formatAmount(amount)}`;
  const rows: TotalRow[] = [];
  const row = (label: string, amount: string, strong = false, currency = doc.currency) =>
    rows.push({ label, value: money(amount, currency), strong });
  const optional = (label: string, amount: string | undefined) => {
    if (!isZero(amount) && amount !== undefined) row(label, amount);
  };
  row("Op. gravadas", a.taxed);
  row("Op. exoneradas", a.exempt);
  row("Op. inafectas", a.unaffected);
  optional("Op. exportación", a.export);
  optional("Op. gratuitas", a.free);
  const global = discounts(doc.allowance_charges, [ALLOWANCE_CHARGE.documentDiscountInBase]);
  if (global.length > 0) row("Descuentos globales", sum(global));
  optional("Descuentos", a.discounts);
  optional("Otros cargos", doc.monetary_total.charge_total_amount);
  optional("ISC", a.isc);
  if (!isZero(a.igv) || isZero(a.ivap)) row(`IGV${rateOf(doc, "1000")}`, a.igv);
  optional(`IVAP${rateOf(doc, "1016")}`, a.ivap);
  optional("ICBPER", a.icbper);
  optional("Anticipos", a.prepaid);
  row("Importe total", a.total, true);
  if (doc.perception) {
    row(`Percepción ${formatPercent(doc.perception.factor, true)}`, doc.perception.amount, false, "PEN");
    row("Total a cobrar", doc.perception.total_to_collect, true, "PEN");
  }
  return rows;
}

function notes(doc: ComputedDocument): NoteBlock[] {
  const out: NoteBlock[] = [];
  const pen = (amount: string) => `S/ ${formatAmount(amount)}`;
  const d = doc.detraction;
  if (d)
    out.push({
      title: "Operación sujeta al Sistema de Pago de Obligaciones Tributarias (detracción)",
      facts: [
        { label: "Bien o servicio", value: detractionLabel(d.code) },
        { label: "Porcentaje", value: formatPercent(d.percent, false) },
        { label: "Monto de la detracción", value: pen(d.amount) },
        { label: "Cta. Banco de la Nación", value: d.account },
        { label: "Medio de pago", value: paymentMethodLabel(d.payment_method) },
      ],
    });
  const p = doc.perception;
  if (p)
    out.push({
      title: "Percepción del IGV",
      facts: [
        { label: "Régimen", value: perceptionLabel(p.code) },
        { label: "Tasa", value: formatPercent(p.factor, true) },
        { label: "Base", value: pen(p.base) },
        { label: "Monto percibido", value: pen(p.amount) },
        { label: "Total a cobrar", value: pen(p.total_to_collect) },
      ],
    });
  if (doc.prepayments.length > 0)
    out.push({
      title: "Anticipos deducidos",
      facts: doc.prepayments.map((pp) => ({
        label: `${pp.document_type_code === "03" ? "Boleta" : "Factura"} ${pp.document_id}`,
        value: `${currencySymbol(doc.currency)} ${formatAmount(pp.amount)}`,
      })),
    });
  return out;
}

function verdict(input: PdfDocumentInput): string | undefined {
  const s = input.sunat;
  if (!input.status || input.status === "pending") return undefined;
  const names = {
    accepted: "ACEPTADO",
    observed: "ACEPTADO CON OBSERVACIONES",
    rejected: "RECHAZADO",
    voided: "ANULADO (comunicación de baja / resumen diario aceptado)",
  } as const;
  const answer = s ? ` (código ${s.code}${s.description ? `: ${s.description}` : ""})` : "";
  const notesText =
    s && s.notes.length > 0
      ? ` Observaciones: ${s.notes.map((n) => `${n.code} ${n.description}`).join("; ")}.`
      : "";
  return `Estado en SUNAT: ${names[input.status]}${answer}${s?.simulated ? " [simulador]" : ""}.${notesText}`;
}

/** Credit and debit notes: the document they modify and why (cac:BillingReference, cac:DiscrepancyResponse). */
function noteFacts(doc: ComputedDocument): Fact[] {
  if (!doc.reference || !doc.reason) return [];
  const modified = DOCUMENT_TITLES[doc.reference.type] ?? `COMPROBANTE ${doc.reference.type}`;
  return [
    {
      label: "Documento que modifica",
      value: `${modified} ${printedNumber(doc.reference.series, doc.reference.number)}`,
    },
    { label: "Fecha del documento", value: formatDate(doc.reference.issue_date) },
    { label: "Motivo", value: `${doc.reason.code} – ${doc.reason.description}` },
  ];
}

/** Turns the issued document into the text of its printed representation. Pure. */
export function buildPrintModel(input: PdfDocumentInput): PrintModel {
  const { issuer, computed: doc } = input;
  const title = DOCUMENT_TITLES[doc.type] ?? `COMPROBANTE ${doc.type}`;
  const place = [issuer.address.district, issuer.address.province, issuer.address.department].filter(Boolean);
  const credit = doc.payment_terms.means === "Credito";
  const lastDue = doc.payment_terms.installments
    .map((i) => i.due_date)
    .sort()
    .at(-1);
  const c = doc.customer;
  const identified = c.document_number !== "-" && c.document_number !== "";

  const banners: string[] = [];
  if (input.livemode === false) banners.push("DOCUMENTO DE PRUEBA – SIN VALOR TRIBUTARIO");
  if (input.status === "rejected") banners.push("COMPROBANTE RECHAZADO POR SUNAT – NO TIENE VALIDEZ");

  return {
    title,
    id: printedNumber(doc.series, input.number),
    issuer: {
      legalName: issuer.legal_name,
      ...(issuer.trade_name && issuer.trade_name !== issuer.legal_name
        ? { tradeName: issuer.trade_name }
        : {}),
      ruc: issuer.ruc,
      address: [issuer.address.line, place.join(" - ")].filter((l) => l.trim() !== ""),
    },
    banners,
    documentFacts: [
      { label: "Fecha de emisión", value: formatDate(doc.issue_date) },
      ...noteFacts(doc),
      ...(credit && lastDue ? [{ label: "Fecha de vencimiento", value: formatDate(lastDue) }] : []),
      { label: "Forma de pago", value: credit ? "Crédito" : "Contado" },
      { label: "Moneda", value: currencyName(doc.currency) },
      { label: "Tipo de operación", value: operationLabel(doc.operation_type) },
    ],
    customerFacts: [
      { label: doc.type === "01" ? "Señor(es)" : "Cliente", value: c.name },
      ...(identified ? [{ label: identityLabel(c.document_type), value: c.document_number }] : []),
      ...(c.address ? [{ label: "Dirección", value: c.address }] : []),
      ...(c.country_code && c.country_code !== "PE" ? [{ label: "País", value: c.country_code }] : []),
    ],
    lines: doc.lines.map(printLine),
    totals: totals(doc),
    legends: doc.legends.map((l) =>
      l.code === "1000" && !l.text.startsWith("SON:") ? `SON: ${l.text}` : l.text,
    ),
    ...(credit
      ? {
          credit: {
            pending: `${currencySymbol(doc.currency)} ${formatAmount(doc.payment_terms.pending_amount ?? doc.amounts.total)}`,
            installments: doc.payment_terms.installments.map((i) => ({
              id: i.id,
              due: formatDate(i.due_date),
              amount: `${currencySymbol(doc.currency)} ${formatAmount(i.amount)}`,
            })),
          },
        }
      : {}),
    notes: notes(doc),
    hash: input.hash,
    qr: sunatQrPayload(input),
    representation: `Representación impresa de la ${title}`,
    consult: `Consulte su documento en ${input.consult_url}`,
    ...(verdict(input) ? { verdict: verdict(input) } : {}),
  };
}
