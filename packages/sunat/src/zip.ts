import { constants as bufferConstants } from "node:buffer";
import { crc32, deflateRawSync, inflateRawSync } from "node:zlib";
import { ZipFormatError } from "./errors.js";

export interface ZipEntry {
  name: string;
  data: Buffer;
}

/** Strips a trailing .zip/.xml so callers may pass either the bare name or a file name. */
export function baseName(fileName: string): string {
  return fileName.replace(/\.(zip|xml)$/i, "");
}

/**
 * Builds the archive SUNAT expects for sendBill/sendSummary: `NAME.zip` holding exactly one
 * `NAME.xml` (ERR 0161 when the inner name differs, 0158 when there is more than one file).
 *
 * A plain PKZIP 2.0 archive of one deflated entry, written directly: node's zlib deflates (level 6, within a few
 * bytes of level 9 on an XML document) and the headers are a hundred bytes. A streaming archiver cost ten times
 * the deflate itself on every document and CDR.
 */
/** Deflate level 1, for a sender that zips every document it sends: about half the CPU of 6, a tenth more bytes. */
export const FAST_DEFLATE = 1;

export async function zipDocument(
  fileName: string,
  xml: string | Buffer,
  /** Deflate level. The default 6 is within a few bytes of 9; FAST_DEFLATE for a sender of every document. */
  level = 6,
): Promise<Buffer> {
  const data = typeof xml === "string" ? Buffer.from(xml, "utf8") : xml;
  return zipSingleFile(`${baseName(fileName)}.xml`, data, new Date(), level);
}

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
/** PKZIP 2.0: deflate. */
const VERSION = 20;
/** Made by Unix (3) with 2.0, so the external attributes carry the mode of a regular 0644 file. */
const MADE_BY = (3 << 8) | VERSION;
const REGULAR_FILE_0644 = (0o100644 << 16) >>> 0;
const DEFLATE = 8;
/** General purpose flag bit 11: the name is UTF-8. */
const UTF8_NAME = 0x0800;

/** A zip holding one file `name` with `data` deflated at `level`, stamped `modified` (MS-DOS local time). */
export function zipSingleFile(name: string, data: Buffer, modified: Date, level = 6): Buffer {
  const nameBytes = Buffer.from(name, "utf8");
  const flags = nameBytes.length === name.length ? 0 : UTF8_NAME;
  const compressed = deflateRawSync(data, { level });
  const crc = crc32(data);
  const time = (modified.getHours() << 11) | (modified.getMinutes() << 5) | (modified.getSeconds() >> 1);
  const date =
    ((Math.max(modified.getFullYear(), 1980) - 1980) << 9) |
    ((modified.getMonth() + 1) << 5) |
    modified.getDate();

  const entry = { flags, time, date, crc, compressedSize: compressed.length, size: data.length, nameBytes };
  const local = Buffer.alloc(30);
  local.writeUInt32LE(LOCAL_HEADER, 0);
  writeEntryFields(local, 4, entry);
  local.writeUInt16LE(0, 28); // extra field length

  const central = Buffer.alloc(46);
  central.writeUInt32LE(CENTRAL_HEADER, 0);
  central.writeUInt16LE(MADE_BY, 4);
  writeEntryFields(central, 6, entry);
  // extra field, comment, disk number start and internal attributes: 0
  central.writeUInt32LE(REGULAR_FILE_0644, 38);
  central.writeUInt32LE(0, 42); // offset of the local header

  const centralOffset = local.length + nameBytes.length + compressed.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
  end.writeUInt16LE(1, 8); // entries on this disk
  end.writeUInt16LE(1, 10); // entries in all
  end.writeUInt32LE(central.length + nameBytes.length, 12);
  end.writeUInt32LE(centralOffset, 16);

  return Buffer.concat([local, nameBytes, compressed, central, nameBytes, end]);
}

/**
 * The fields the local and the central header of an entry share, in the same order in both (from "version needed
 * to extract" to the name's length), written at `at`.
 */
function writeEntryFields(
  header: Buffer,
  at: number,
  entry: {
    flags: number;
    time: number;
    date: number;
    crc: number;
    compressedSize: number;
    size: number;
    nameBytes: Buffer;
  },
): void {
  header.writeUInt16LE(VERSION, at);
  header.writeUInt16LE(entry.flags, at + 2);
  header.writeUInt16LE(DEFLATE, at + 4);
  header.writeUInt16LE(entry.time, at + 6);
  header.writeUInt16LE(entry.date, at + 8);
  header.writeUInt32LE(entry.crc, at + 10);
  header.writeUInt32LE(entry.compressedSize, at + 14);
  header.writeUInt32LE(entry.size, at + 18);
  header.writeUInt16LE(entry.nameBytes.length, at + 22);
}

/**
 * Lists the file entries of a zip. Folder entries are dropped (SUNAT's CDR zips carry a
 * `dummy/` folder or a `dummy` file next to `R-….xml`); everything else is returned so callers
 * decide which entry matters. A name that occurs twice keeps its first place and its last data.
 * Throws ZipFormatError 0155 for no bytes, 0156 for anything that is not a readable zip of stored or deflated
 * entries.
 */
export function unzipEntries(buf: Uint8Array): ZipEntry[] {
  if (buf.length === 0) throw new ZipFormatError("El archivo ZIP esta vacio", "0155");
  let files: Map<string, Buffer>;
  try {
    files = readZip(Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength));
  } catch (cause) {
    throw new ZipFormatError("El archivo ZIP esta corrupto", "0156", { cause });
  }
  return [...files].filter(([name]) => !name.endsWith("/")).map(([name, data]) => ({ name, data }));
}

const ZIP64_END_LOCATOR = 0x07064b50;
const ZIP64_END_OF_CENTRAL_DIRECTORY = 0x06064b50;
const STORED = 0;
const NO_VALUE = 0xffffffff;
/** The end record is 22 bytes and its comment at most 65535. */
const MAX_END_SEARCH = 22 + 0xffff;

/**
 * Reads the central directory (as fflate's unzipSync did, whose rules the callers' codes were written against)
 * and inflates each entry with node's zlib: native inflate was a thirtieth of the simulator's CPU per sendBill in
 * fflate's JavaScript. Throws on anything it cannot read (out-of-range offsets throw RangeError).
 */
function readZip(zip: Buffer): Map<string, Buffer> {
  let end = zip.length - 22;
  while (zip.readUInt32LE(end) !== END_OF_CENTRAL_DIRECTORY) {
    if (end === 0 || zip.length - end > MAX_END_SEARCH) throw new Error("no end of central directory");
    end--;
  }
  let count = zip.readUInt16LE(end + 8);
  let at = zip.readUInt32LE(end + 16);
  const zip64 =
    end >= 20 &&
    zip.readUInt32LE(end - 20) === ZIP64_END_LOCATOR &&
    zip.readUInt32LE(zip.readUInt32LE(end - 12)) === ZIP64_END_OF_CENTRAL_DIRECTORY;
  if (zip64) {
    const record = zip.readUInt32LE(end - 12);
    count = zip.readUInt32LE(record + 32);
    at = zip.readUInt32LE(record + 48);
  }
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    const header = at;
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const name = zip.toString(flags & UTF8_NAME ? "utf8" : "latin1", at + 46, at + 46 + nameLength);
    const { compressedSize, localOffset } = zip64
      ? zip64Sizes(zip, at)
      : { compressedSize: zip.readUInt32LE(at + 20), localOffset: zip.readUInt32LE(at + 42) };
    at += 46 + nameLength + extraLength + zip.readUInt16LE(at + 32);
    const start = localOffset + 30 + zip.readUInt16LE(localOffset + 26) + zip.readUInt16LE(localOffset + 28);
    const data = zip.subarray(start, start + compressedSize);
    if (method === STORED) files.set(name, Buffer.from(data));
    else if (method === DEFLATE) files.set(name, inflate(data, zip.readUInt32LE(header + 24)));
    else throw new Error(`unknown compression type ${method}`);
  }
  return files;
}

/**
 * Inflates an entry into at most its declared size: a stream that inflates to more is damaged (or a bomb) and
 * refused, where fflate, which inflated into a buffer of the declared size, cut it off there. Less than declared
 * is returned as is, as fflate did (it checked no CRC either).
 */
function inflate(data: Buffer, declaredSize: number): Buffer {
  const limit = Math.min(declaredSize, bufferConstants.MAX_LENGTH);
  const inflated = inflateRawSync(data, { maxOutputLength: Math.max(limit, 1) });
  if (inflated.length > limit)
    throw new Error(`entry inflates to more than its declared ${declaredSize} bytes`);
  return inflated;
}

/**
 * The zip64 extra field (id 1) of the central header at `header`: 64-bit values, in the order uncompressed size,
 * compressed size, local header offset, of those 32-bit fields that are all ones.
 */
function zip64Sizes(zip: Buffer, header: number): { compressedSize: number; localOffset: number } {
  const uncompressedSize = zip.readUInt32LE(header + 24);
  let compressedSize = zip.readUInt32LE(header + 20);
  let localOffset = zip.readUInt32LE(header + 42);
  const wide = [uncompressedSize, compressedSize, localOffset].filter((value) => value === NO_VALUE).length;
  if (wide === 0) return { compressedSize, localOffset };
  const nameLength = zip.readUInt16LE(header + 28);
  const extraEnd = header + 46 + nameLength + zip.readUInt16LE(header + 30);
  for (let field = header + 46 + nameLength; field + 4 < extraEnd; field += 4 + zip.readUInt16LE(field + 2)) {
    if (zip.readUInt16LE(field) !== 1) continue;
    let value = field + 4 + (uncompressedSize === NO_VALUE ? 8 : 0);
    if (compressedSize === NO_VALUE) {
      compressedSize = Number(zip.readBigUInt64LE(value));
      value += 8;
    }
    if (localOffset === NO_VALUE) localOffset = Number(zip.readBigUInt64LE(value));
    return { compressedSize, localOffset };
  }
  throw new Error("zip64 sizes without their extra field");
}
