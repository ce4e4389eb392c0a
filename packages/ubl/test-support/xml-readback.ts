/** Reads a built invoice back: its elements and the public amounts a SUNAT auditor would reconcile. */
import { UBL_PARSER_OPTIONS } from "@einvoice/testkit";
import { Decimal } from "decimal.js";
import { XMLParser } from "fast-xml-parser";

/** Values stay the exact strings in the XML ("18.00" must stay "18.00"); repeated elements are arrays. */
const parser = new XMLParser(UBL_PARSER_OPTIONS);

// biome-ignore lint/suspicious/noExplicitAny: parsed XML is walked dynamically in tests.
export type Parsed = any;

export const parseInvoice = (xml: string): Parsed => parser.parse(xml).Invoice;

/** Text of an element that may carry attributes. */
export const text = (node: Parsed): string | undefined =>
  node === undefined ? undefined : typeof node === "object" ? node["#text"] : String(node);

/** Per-scheme `{ taxable, tax }` of a `cac:TaxTotal`. */
export const subtotalsByScheme = (taxTotal: Parsed): Record<string, { taxable?: string; tax?: string }> =>
  Object.fromEntries(
    (taxTotal["cac:TaxSubtotal"] ?? []).map((s: Parsed) => [
      text(s["cac:TaxCategory"]["cac:TaxScheme"]["cbc:ID"]),
      { taxable: text(s["cbc:TaxableAmount"]), tax: text(s["cbc:TaxAmount"]) },
    ]),
  );

const sumOf = (...values: (string | undefined)[]): string | undefined => {
  const present = values.filter((v): v is string => v !== undefined);
  if (present.length <= 1) return present[0];
  return present.reduce((a, v) => a.plus(v), new Decimal(0)).toFixed(2);
};

/**
 * The public `amounts` as they can be read back from a signed XML: what a SUNAT auditor would reconcile.
 * Absent schemes read as undefined; callers compare them against `"0.00"`-valued amounts numerically.
 */
export const amountsFromXml = (xml: string): Record<string, string | undefined> => {
  const inv = parseInvoice(xml);
  const subs = subtotalsByScheme(inv["cac:TaxTotal"]);
  const totals = inv["cac:LegalMonetaryTotal"];
  const charges: Parsed[] = inv["cac:AllowanceCharge"] ?? [];
  const terms: Parsed[] = inv["cac:PaymentTerms"] ?? [];
  const perception = charges.find((c) =>
    ["51", "52", "53"].includes(text(c["cbc:AllowanceChargeReasonCode"]) ?? ""),
  );
  return {
    // Gravado covers both IGV (1000) and IVAP (1016) bases.
    taxed: sumOf(subs["1000"]?.taxable, subs["1016"]?.taxable),
    exempt: subs["9997"]?.taxable,
    unaffected: subs["9998"]?.taxable,
    export: subs["9995"]?.taxable,
    free: subs["9996"]?.taxable,
    igv: subs["1000"]?.tax,
    ivap: subs["1016"]?.tax,
    isc: subs["2000"]?.tax,
    icbper: subs["7152"]?.tax,
    discounts: text(totals["cbc:AllowanceTotalAmount"]),
    prepaid: text(totals["cbc:PrepaidAmount"]),
    total: text(totals["cbc:PayableAmount"]),
    perception: perception && text(perception["cbc:Amount"]),
    total_to_collect: text(terms.find((t) => text(t["cbc:ID"]) === "Percepcion")?.["cbc:Amount"]),
    detraction: text(terms.find((t) => text(t["cbc:ID"]) === "Detraccion")?.["cbc:Amount"]),
  };
};
