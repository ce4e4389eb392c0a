import { hasInvalidXmlChar } from "@einvoice/domain";

/**
 * Free text copied into the UBL XML (descriptions, the buyer's name, address and document number, the detraction
 * account) follows the XML-safe text rule of `@einvoice/domain` (`invalidXmlCharAt`): the engine refuses such text
 * before numbering, so no number is spent on a document that never gets a verdict.
 */
export { hasInvalidXmlChar, invalidXmlCharAt } from "@einvoice/domain";

/**
 * Line breaks and tabs. ERR 2022 (Factura2_0 / Boleta2_0, the buyer's `RegistrationName`): "any character including
 * space; no other whitespace character is allowed: line break, tab, end of line".
 */
const LINE_BREAK_OR_TAB = /[\t\n\v\f\r\u0085\u2028\u2029]/;

/** Text that may stand on one line only (a name): no line break, no tab, nothing XML cannot carry. */
export const isSingleLineText = (text: string): boolean =>
  !LINE_BREAK_OR_TAB.test(text) && !hasInvalidXmlChar(text);
