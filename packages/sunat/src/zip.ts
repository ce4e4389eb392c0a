/// <reference path="./archiver.d.ts" />
import { ZipArchive } from "archiver";
import { unzipSync } from "fflate";
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
 */
export async function zipDocument(fileName: string, xml: string): Promise<Buffer> {
  const name = baseName(fileName);
  const archive = new ZipArchive({ zlib: { level: 9 } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    archive.on("data", (chunk: Buffer) => chunks.push(chunk));
    archive.on("end", () => resolve(Buffer.concat(chunks)));
    archive.on("error", reject);
  });
  archive.append(Buffer.from(xml, "utf8"), { name: `${name}.xml` });
  await archive.finalize();
  return done;
}

/**
 * Lists the file entries of a zip. Folder entries are dropped (SUNAT's CDR zips carry a
 * `dummy/` folder or a `dummy` file next to `R-….xml`); everything else is returned so callers
 * decide which entry matters.
 */
export function unzipEntries(buf: Uint8Array): ZipEntry[] {
  if (buf.length === 0) throw new ZipFormatError("El archivo ZIP esta vacio", "0155");
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(buf);
  } catch (cause) {
    throw new ZipFormatError("El archivo ZIP esta corrupto", "0156", { cause });
  }
  return Object.entries(files)
    .filter(([name]) => !name.endsWith("/"))
    .map(([name, data]) => ({ name, data: Buffer.from(data.buffer, data.byteOffset, data.byteLength) }));
}
