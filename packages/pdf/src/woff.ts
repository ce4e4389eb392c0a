import { inflateSync } from "node:zlib";

const WOFF_SIGNATURE = 0x774f4646; // "wOFF"
const WOFF_HEADER = 44;
const WOFF_ENTRY = 20;
const SFNT_HEADER = 12;
const SFNT_ENTRY = 16;

const pad4 = (n: number) => (n + 3) & ~3;

/**
 * Unpacks a WOFF 1.0 font into the plain TrueType/OpenType (sfnt) it wraps. fontkit reads WOFF too, but inflates
 * a table again on every access (in pure JS), many times per PDF; unpacked once, the font is read directly.
 */
export function woffToSfnt(woff: Uint8Array): Buffer {
  const view = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
  if (woff.byteLength < WOFF_HEADER || view.getUint32(0) !== WOFF_SIGNATURE)
    throw new RangeError("not a WOFF 1.0 font (signature wOFF)");
  const flavor = view.getUint32(4);
  const numTables = view.getUint16(12);
  if (woff.byteLength < WOFF_HEADER + numTables * WOFF_ENTRY)
    throw new RangeError("truncated WOFF table directory");

  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = WOFF_HEADER + i * WOFF_ENTRY;
    const offset = view.getUint32(at + 4);
    const compLength = view.getUint32(at + 8);
    const origLength = view.getUint32(at + 12);
    if (offset + compLength > woff.byteLength) throw new RangeError(`WOFF table ${i} lies outside the file`);
    const stored = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(stored) : stored;
    if (data.byteLength !== origLength)
      throw new RangeError(`WOFF table ${i} does not inflate to its length`);
    return { tag: view.getUint32(at), checksum: view.getUint32(at + 16), data };
  });

  const size = tables.reduce((sum, t) => sum + pad4(t.data.byteLength), SFNT_HEADER + numTables * SFNT_ENTRY);
  const out = Buffer.alloc(size);
  const w = new DataView(out.buffer, out.byteOffset, out.byteLength);
  // The binary-search fields of the sfnt offset table (OpenType spec, "Table Directory").
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * SFNT_ENTRY;
  w.setUint32(0, flavor);
  w.setUint16(4, numTables);
  w.setUint16(6, searchRange);
  w.setUint16(8, entrySelector);
  w.setUint16(10, numTables * SFNT_ENTRY - searchRange);
  let offset = SFNT_HEADER + numTables * SFNT_ENTRY;
  tables.forEach((t, i) => {
    const at = SFNT_HEADER + i * SFNT_ENTRY;
    w.setUint32(at, t.tag);
    w.setUint32(at + 4, t.checksum);
    w.setUint32(at + 8, offset);
    w.setUint32(at + 12, t.data.byteLength);
    out.set(t.data, offset);
    offset += pad4(t.data.byteLength);
  });
  return out;
}
