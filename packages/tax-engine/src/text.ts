/**
 * Free text copied into the UBL XML (descriptions, the buyer's name, address and document number, the detraction
 * account). XML 1.0 (§2.2 `Char`) cannot carry C0 control characters other than tab, line feed and carriage
 * return, nor U+FFFE/U+FFFF or an unpaired surrogate: a document holding one is not well-formed, SUNAT cannot
 * parse it (0306) and the number it was given is spent on a document that never gets a verdict. So the engine
 * refuses such text before numbering.
 */

/** Index of the first character XML 1.0 cannot carry, or -1. */
export function invalidXmlCharAt(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return i;
    if (c === 0xfffe || c === 0xffff) return i;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      return i;
    }
    if (c >= 0xdc00 && c <= 0xdfff) return i;
  }
  return -1;
}

export const hasInvalidXmlChar = (text: string): boolean => invalidXmlCharAt(text) >= 0;

/**
 * Line breaks and tabs. ERR 2022 (Factura2_0 / Boleta2_0, the buyer's `RegistrationName`): "any character including
 * space; no other whitespace character is allowed: line break, tab, end of line".
 */
const LINE_BREAK_OR_TAB = /[\t\n\v\f\r\u0085\u2028\u2029]/;

/** Text that may stand on one line only (a name): no line break, no tab, nothing XML cannot carry. */
export const isSingleLineText = (text: string): boolean =>
  !LINE_BREAK_OR_TAB.test(text) && !hasInvalidXmlChar(text);
