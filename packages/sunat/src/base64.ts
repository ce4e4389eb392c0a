/**
 * Strict base64 decoding: Buffer.from silently skips garbage, which would hide corrupt payloads. Accepts whitespace
 * anywhere (JavaScript's `\s`), then exactly: a length that is a multiple of 4, the standard alphabet, at most two
 * `=` at the end. Returns undefined for anything else.
 *
 * The common case is checked without a scan in JavaScript: when re-encoding the decoded bytes gives back the very
 * input, the input is canonical base64 (which the rule above accepts, decoding to the same bytes). Only other
 * inputs (whitespace, non-zero padding bits, garbage) take the whitespace strip and the pattern, which cost four
 * times the decode itself on a sendBill's zip.
 */
export function decodeBase64Strict(value: string): Buffer | undefined {
  const decoded = Buffer.from(value, "base64");
  if (decoded.toString("base64") === value) return decoded;
  const compact = value.replace(/\s+/g, "");
  if (compact.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(compact)) return undefined;
  return Buffer.from(compact, "base64");
}
