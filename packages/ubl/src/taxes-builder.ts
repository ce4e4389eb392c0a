import type { AllowanceCharge, ComputedDocument, ComputedLine, LineTax, TaxSchemeId } from "@einvoice/domain";
import { catalogUri, SUNAT, UNECE } from "./namespaces.js";
import { ICBPER, TAX_SCHEMES } from "./tax-schemes.js";
import { amount, cac, cbc, decimal, UblInputError, type XmlNode } from "./xml-node.js";

const schemeInfo = (scheme: TaxSchemeId, path: string) => {
  const info = TAX_SCHEMES[scheme];
  if (!info) throw new UblInputError(path, `unknown tax scheme ${JSON.stringify(scheme)}`);
  return info;
};

/** `cac:TaxScheme` with the catalog 05 id, name and international code. */
const addTaxScheme = (category: XmlNode, scheme: TaxSchemeId, path: string): void => {
  const info = schemeInfo(scheme, path);
  const node = cac(category, "TaxScheme");
  cbc(node, "ID", scheme, {
    schemeName: "Codigo de tributos",
    schemeAgencyName: SUNAT,
    schemeURI: catalogUri("05"),
  });
  cbc(node, "Name", info.name);
  cbc(node, "TaxTypeCode", info.typeCode);
};

const addCategoryId = (category: XmlNode, scheme: TaxSchemeId, path: string): void => {
  const code = schemeInfo(scheme, path).category;
  if (code) {
    cbc(category, "ID", code, {
      schemeID: "UN/ECE 5305",
      schemeName: "Tax Category Identifier",
      schemeAgencyName: UNECE,
    });
  }
};

/**
 * ICBPER has no taxable base: SUNAT exempts 7152 from the base (ERR 3003 applies to "tributo diferente de
 * 7152") and checks amount = PerUnitAmount × BaseUnitMeasure instead (OBS 4318), so the base is not printed.
 */
const printsTaxableAmount = (scheme: TaxSchemeId): boolean => scheme !== ICBPER;

/** IGV and IVAP: schemes whose rate the document's subtotal states too. */
const RATED_SCHEMES: ReadonlySet<TaxSchemeId> = new Set<TaxSchemeId>(["1000", "1016"]);

/**
 * The rate of a scheme's lines. A document has one IGV rate (ERR 3462), and with 18 % and the special regime's
 * rate both in force a reader cannot infer which one a subtotal used, so the document's subtotal states it too.
 */
const documentRate = (doc: ComputedDocument, scheme: TaxSchemeId): string | undefined => {
  if (!RATED_SCHEMES.has(scheme)) return undefined;
  for (const line of doc.lines) {
    for (const tax of line.taxes) if (tax.scheme === scheme && tax.percent !== undefined) return tax.percent;
  }
  return undefined;
};

/** Document `cac:TaxTotal`: the total (rule 3294) and one `cac:TaxSubtotal` per scheme (rule 3068). */
export const addDocumentTaxTotal = (root: XmlNode, doc: ComputedDocument): void => {
  const total = cac(root, "TaxTotal");
  amount(total, "TaxAmount", doc.tax_total, doc.currency, "tax_total");
  doc.tax_subtotals.forEach((sub, i) => {
    const path = `tax_subtotals.${i}`;
    const node = cac(total, "TaxSubtotal");
    if (printsTaxableAmount(sub.scheme)) {
      amount(node, "TaxableAmount", sub.taxable_amount, doc.currency, `${path}.taxable_amount`);
    }
    amount(node, "TaxAmount", sub.tax_amount, doc.currency, `${path}.tax_amount`);
    const category = cac(node, "TaxCategory");
    addCategoryId(category, sub.scheme, `${path}.scheme`);
    const rate = documentRate(doc, sub.scheme);
    if (rate !== undefined) cbc(category, "Percent", decimal(rate, `${path}.percent`));
    addTaxScheme(category, sub.scheme, `${path}.scheme`);
  });
};

/**
 * One line `cac:TaxSubtotal`. Children follow the UBL TaxSubtotal/TaxCategory sequences, with SUNAT's
 * placement: BaseUnitMeasure on the subtotal (ERR 3237), Percent, PerUnitAmount, TaxExemptionReasonCode and
 * TierRange on the category (ERR 2992, 3238, 2371, 2373).
 */
const addLineTaxSubtotal = (total: XmlNode, tax: LineTax, currency: string, path: string): void => {
  const node = cac(total, "TaxSubtotal");
  if (printsTaxableAmount(tax.scheme)) {
    amount(node, "TaxableAmount", tax.taxable_amount, currency, `${path}.taxable_amount`);
  }
  amount(node, "TaxAmount", tax.tax_amount, currency, `${path}.tax_amount`);
  if (tax.base_unit_quantity !== undefined) {
    // The number of bags; SUNAT expects the unit code NIU here (OBS 4320).
    cbc(node, "BaseUnitMeasure", decimal(tax.base_unit_quantity, `${path}.base_unit_quantity`), {
      unitCode: "NIU",
    });
  }
  const category = cac(node, "TaxCategory");
  addCategoryId(category, tax.scheme, `${path}.scheme`);
  if (tax.percent !== undefined) cbc(category, "Percent", decimal(tax.percent, `${path}.percent`));
  if (tax.per_unit_amount !== undefined) {
    amount(category, "PerUnitAmount", tax.per_unit_amount, currency, `${path}.per_unit_amount`);
  }
  if (tax.exemption_reason !== undefined) {
    cbc(category, "TaxExemptionReasonCode", tax.exemption_reason, {
      listAgencyName: SUNAT,
      listName: "Afectacion del IGV",
      listURI: catalogUri("07"),
    });
  }
  if (tax.tier_range !== undefined) cbc(category, "TierRange", tax.tier_range);
  addTaxScheme(category, tax.scheme, `${path}.scheme`);
};

/** Line `cac:TaxTotal` (total = Σ 1000, 1016, 2000, 7152, 9999 per rule 3292, computed by the engine). */
export const addLineTaxTotal = (
  parent: XmlNode,
  line: ComputedLine,
  currency: string,
  path: string,
): void => {
  const total = cac(parent, "TaxTotal");
  amount(total, "TaxAmount", line.tax_total, currency, `${path}.tax_total`);
  line.taxes.forEach((tax, i) => {
    addLineTaxSubtotal(total, tax, currency, `${path}.taxes.${i}`);
  });
};

/**
 * `cac:AllowanceCharge` (catalog 53). Perception charges 51–53 carry their own currency (always PEN,
 * ERR 2788/2792); every other one uses the document currency (ERR 2071).
 */
export const addAllowanceCharge = (
  parent: XmlNode,
  charge: AllowanceCharge,
  documentCurrency: string,
  path: string,
): void => {
  const currency = charge.currency ?? documentCurrency;
  const node = cac(parent, "AllowanceCharge");
  cbc(node, "ChargeIndicator", charge.charge ? "true" : "false");
  cbc(node, "AllowanceChargeReasonCode", charge.reason_code, {
    listAgencyName: SUNAT,
    listName: "Cargo/descuento",
    listURI: catalogUri("53"),
  });
  if (charge.factor !== undefined) {
    cbc(node, "MultiplierFactorNumeric", decimal(charge.factor, `${path}.factor`));
  }
  amount(node, "Amount", charge.amount, currency, `${path}.amount`);
  amount(node, "BaseAmount", charge.base, currency, `${path}.base`);
};
