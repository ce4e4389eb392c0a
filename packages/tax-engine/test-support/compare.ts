import type { ComputedDocument } from "@einvoice/domain";
import { D } from "../src/money.js";
import type { GoldenAmounts } from "./golden-xml.js";

/** The same paths as GoldenAmounts, read from a computed document. */
export function amountsOf(doc: ComputedDocument): GoldenAmounts {
  const out: GoldenAmounts = {};
  doc.lines.forEach((l, i) => {
    out[`lines.${i}.line_extension_amount`] = l.line_extension_amount;
    out[`lines.${i}.tax_total`] = l.tax_total;
    for (const t of l.taxes) {
      if (t.scheme !== "7152") out[`lines.${i}.taxes.${t.scheme}.taxable_amount`] = t.taxable_amount;
      out[`lines.${i}.taxes.${t.scheme}.tax_amount`] = t.tax_amount;
    }
  });
  out.tax_total = doc.tax_total;
  for (const s of doc.tax_subtotals) {
    if (s.scheme !== "7152") out[`tax_subtotals.${s.scheme}.taxable_amount`] = s.taxable_amount;
    out[`tax_subtotals.${s.scheme}.tax_amount`] = s.tax_amount;
  }
  const m = doc.monetary_total;
  out["monetary.line_extension_amount"] = m.line_extension_amount;
  out["monetary.tax_inclusive_amount"] = m.tax_inclusive_amount;
  out["monetary.allowance_total_amount"] = m.allowance_total_amount;
  out["monetary.prepaid_amount"] = m.prepaid_amount;
  out["monetary.payable_amount"] = m.payable_amount;
  return out;
}

/** Paths whose values differ numerically, as `path: ours ≠ golden`; paths missing on one side count too. */
export function diffAmounts(ours: GoldenAmounts, golden: GoldenAmounts): Record<string, string> {
  const diffs: Record<string, string> = {};
  for (const path of new Set([...Object.keys(ours), ...Object.keys(golden)])) {
    const a = ours[path];
    const b = golden[path];
    // A zero subtotal the golden omits (or prints) is the same amount.
    const same = new D(a ?? "0").equals(new D(b ?? "0"));
    if (!same) diffs[path] = `${a ?? "-"} ≠ ${b ?? "-"}`;
  }
  return diffs;
}
