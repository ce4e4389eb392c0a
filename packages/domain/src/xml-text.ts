/**
 * The XML-safe text rule. XML 1.0 (§2.2 `Char`) cannot carry C0 control characters other than tab, line feed and
 * carriage return, nor U+FFFE/U+FFFF or an unpaired surrogate: a document holding one is not well-formed, and
 * SUNAT cannot parse it (0306). The tax engine refuses such text before numbering, the UBL builder refuses to
 * write it and the canonicalizer to sign it.
 */

/**
 * Any character outside XML 1.0's plain ranges: what the exact rule below must look at. Each half of a surrogate
 * pair is one, so a text with an astral character is scanned by the rule; a text without any is clean, which one
 * regular expression scan shows faster than the loop.
 */
const MAYBE_NOT_XML_CHAR = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd]/;

/** Index of the first character XML 1.0 cannot carry, or -1. */
export function invalidXmlCharAt(text: string): number {
  if (!MAYBE_NOT_XML_CHAR.test(text)) return -1;
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
