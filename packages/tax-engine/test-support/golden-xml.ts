/**
 * Test support: reads the OpenUBL xbuilder golden XMLs from the shared reference folder (never copied into the
 * repo), rebuilds the InvoiceRequest a caller would send for the same business content, and extracts every
 * amount the golden carries so a test can compare them with computeDocument's result.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { InvoiceRequest, ItemInput, SaleDocumentType } from "@einvoice/domain";
import { conformanceDir } from "@einvoice/testkit";
import { XMLParser } from "fast-xml-parser";
import { isValidRuc } from "../src/ruc.js";

export const GOLDEN_ROOT = join(conformanceDir, "examples/openubl-xbuilder");

const ARRAYS = new Set([
  "InvoiceLine",
  "TaxSubtotal",
  "AllowanceCharge",
  "PaymentTerms",
  "Note",
  "PrepaidPayment",
  "AdditionalDocumentReference",
  "PaymentMeans",
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => ARRAYS.has(name),
});

// biome-ignore lint/suspicious/noExplicitAny: parsed XML is untyped by nature
type Node = any;

/** Text of an element that may carry attributes. */
export const text = (n: Node): string | undefined =>
  n === undefined || n === null ? undefined : typeof n === "object" ? n["#text"] : String(n);

export interface GoldenAmounts {
  /** path → amount, e.g. `lines.0.line_extension_amount`, `tax_subtotals.1000.tax_amount`, `monetary.payable_amount`. */
  [path: string]: string;
}

export interface GoldenCase {
  file: string;
  type: SaleDocumentType;
  issueDate: string;
  request: InvoiceRequest;
  amounts: GoldenAmounts;
  /** Installments as they stand in the golden (for cases that are checked against our 422). */
  raw: Node;
}

/** Every golden XML under `dir` (relative to GOLDEN_ROOT) whose file name passes `keep`. */
export function listGoldens(dir: string, keep: (name: string) => boolean = () => true): string[] {
  const root = join(GOLDEN_ROOT, dir);
  return readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".xml") && keep(f))
    .map((f) => relative(GOLDEN_ROOT, join(root, f)))
    .sort();
}

const IGV_SCHEMES = new Set(["1000", "1016", "9995", "9996", "9997", "9998"]);
const schemeOf = (sub: Node): string => text(sub.TaxCategory.TaxScheme.ID)!;

/** Builds the request from the XML's business content. `pricesIncludeTax`: send PricingReference 01 as price. */
export function loadGolden(file: string, pricesIncludeTax: boolean): GoldenCase {
  const xml = readFileSync(join(GOLDEN_ROOT, file), "latin1");
  const inv: Node = parser.parse(xml).Invoice;
  const type = text(inv.InvoiceTypeCode) as SaleDocumentType;
  const currency = text(inv.DocumentCurrencyCode)!;
  const issueDate = text(inv.IssueDate)!;
  const amounts: GoldenAmounts = {};

  const items: ItemInput[] = (inv.InvoiceLine as Node[]).map((l, i) => {
    const subs: Node[] = l.TaxTotal.TaxSubtotal;
    const vat = subs.find((s) => IGV_SCHEMES.has(schemeOf(s)));
    const affectation = text(vat.TaxCategory.TaxExemptionReasonCode)!;
    const price = l.PricingReference.AlternativeConditionPrice;
    const free = text(price.PriceTypeCode) === "02";
    const item: ItemInput = {
      description: text(l.Item.Description) ?? `Item${i + 1}`,
      quantity: text(l.InvoicedQuantity)!,
      unit_code: l.InvoicedQuantity["@unitCode"],
      tax_affectation: affectation,
      unit_price:
        free || !pricesIncludeTax
          ? text(free ? price.PriceAmount : l.Price.PriceAmount)!
          : text(price.PriceAmount)!,
    };
    if (!free && pricesIncludeTax) item.price_includes_tax = true;
    const isc = subs.find((s) => schemeOf(s) === "2000");
    if (isc) item.isc = { rate: text(isc.TaxCategory.Percent)! };
    if (subs.some((s) => schemeOf(s) === "7152")) item.icbper = true;
    for (const ac of (l.AllowanceCharge ?? []) as Node[]) {
      const code = text(ac.AllowanceChargeReasonCode);
      item.discount = { amount: text(ac.Amount)!, affects_base: code === "00" };
    }
    amounts[`lines.${i}.line_extension_amount`] = text(l.LineExtensionAmount)!;
    amounts[`lines.${i}.tax_total`] = text(l.TaxTotal.TaxAmount)!;
    for (const s of subs) {
      const scheme = schemeOf(s);
      if (s.TaxableAmount !== undefined)
        amounts[`lines.${i}.taxes.${scheme}.taxable_amount`] = text(s.TaxableAmount)!;
      amounts[`lines.${i}.taxes.${scheme}.tax_amount`] = text(s.TaxAmount)!;
    }
    return item;
  });

  const c = inv.AccountingCustomerParty.Party;
  const request: InvoiceRequest = {
    series: text(inv.ID)!.split("-")[0]!,
    currency,
    issue_date: issueDate,
    customer: {
      document_type: c.PartyIdentification.ID["@schemeID"],
      document_number: standInRuc(c.PartyIdentification.ID["@schemeID"], text(c.PartyIdentification.ID)!),
      name: text(c.PartyLegalEntity.RegistrationName)!,
    },
    items,
  };

  for (const ac of (inv.AllowanceCharge ?? []) as Node[]) {
    const code = text(ac.AllowanceChargeReasonCode)!;
    if (code === "02" || code === "03")
      request.discount = { amount: text(ac.Amount)!, affects_base: code === "02" };
    if (code === "51" || code === "52" || code === "53") request.perception = { code };
  }
  const prepaid: Node[] = inv.PrepaidPayment ?? [];
  if (prepaid.length > 0) {
    const refs: Node[] = inv.AdditionalDocumentReference ?? [];
    request.prepayments = prepaid.map((p) => {
      const ref = refs.find((r) => text(r.DocumentStatusCode) === text(p.ID));
      const [series, number] = text(ref.ID)!.split("-");
      return {
        document: {
          type: text(ref.DocumentTypeCode) === "03" ? "03" : "01",
          series: series!,
          number: Number(number),
        },
        amount: text(p.PaidAmount)!,
      };
    });
  }
  const terms: Node[] = inv.PaymentTerms ?? [];
  const detraction = terms.find((t) => text(t.ID) === "Detraccion");
  if (detraction) {
    const means = (inv.PaymentMeans as Node[]).find((m) => text(m.ID) === "Detraccion");
    request.detraction = {
      code: text(detraction.PaymentMeansID)!,
      percent: text(detraction.PaymentPercent)!,
      account: text(means.PayeeFinancialAccount.ID)!,
      payment_method: text(means.PaymentMeansCode)!,
    };
  }
  const cuotas = terms.filter((t) => /^Cuota\d{3}$/.test(text(t.PaymentMeansID) ?? ""));
  if (terms.some((t) => text(t.PaymentMeansID) === "Credito")) {
    request.payment = {
      type: "credit",
      installments: cuotas.map((t) => ({ amount: text(t.Amount)!, due_date: text(t.PaymentDueDate)! })),
    };
  }

  amounts.tax_total = text(inv.TaxTotal.TaxAmount)!;
  for (const s of inv.TaxTotal.TaxSubtotal as Node[]) {
    const scheme = schemeOf(s);
    if (s.TaxableAmount !== undefined)
      amounts[`tax_subtotals.${scheme}.taxable_amount`] = text(s.TaxableAmount)!;
    amounts[`tax_subtotals.${scheme}.tax_amount`] = text(s.TaxAmount)!;
  }
  const m = inv.LegalMonetaryTotal;
  for (const [k, tag] of [
    ["line_extension_amount", "LineExtensionAmount"],
    ["tax_inclusive_amount", "TaxInclusiveAmount"],
    ["allowance_total_amount", "AllowanceTotalAmount"],
    ["prepaid_amount", "PrepaidAmount"],
    ["payable_amount", "PayableAmount"],
  ] as const) {
    if (m[tag] !== undefined) amounts[`monetary.${k}`] = text(m[tag])!;
  }
  return { file, type, issueDate, request, amounts, raw: inv };
}

/**
 * The goldens' customer RUC (12345678912) is a placeholder no taxpayer can hold (prefix 12, ERR 1083); the amounts
 * do not depend on it, so a RUC that can exist stands in for it.
 */
function standInRuc(type: string, number: string): string {
  return type === "6" && !isValidRuc(number) ? "20100070970" : number;
}
