/**
 * How tests read a UBL document back with fast-xml-parser. Plain options rather than a parser: each workspace
 * parses with its own fast-xml-parser (testkit depends on none), and callers may add their own (e.g. `trimValues`).
 */

/** Elements a UBL 2.1 Invoice may carry more than once: always parsed as arrays, so one and many read alike. */
export const UBL_REPEATED_ELEMENTS: ReadonlySet<string> = new Set([
  "cbc:Note",
  "cac:AdditionalDocumentReference",
  "cac:PaymentTerms",
  "cac:PrepaidPayment",
  "cac:AllowanceCharge",
  "cac:TaxSubtotal",
  "cac:InvoiceLine",
]);

/** Attributes as `@name`; every value kept as the exact string printed (no number parsing: "18.00" stays "18.00"). */
export const UBL_PARSER_OPTIONS = {
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name: string): boolean => UBL_REPEATED_ELEMENTS.has(name),
};
