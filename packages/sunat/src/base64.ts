/** Strict base64 decoding: Buffer.from silently skips garbage, which would hide corrupt payloads. */
export function decodeBase64Strict(value: string): Buffer | undefined {
  const compact = value.replace(/\s+/g, "");
  if (compact.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(compact)) return undefined;
  return Buffer.from(compact, "base64");
}
