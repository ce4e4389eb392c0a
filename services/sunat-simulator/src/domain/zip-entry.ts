import { unzipEntries, type ZipEntry, ZipFormatError } from "@einvoice/sunat";

export type XmlEntry = { ok: true; name: string; data: Buffer } | { ok: false; code: string };

/**
 * The single XML of a submitted zip, with SUNAT's envelope codes in its order: corrupt 0156 / empty 0155, no
 * file 0155, no xml 0157, more than one xml 0158, bad xml name 0159, xml name ≠ zip name 0161, empty xml
 * 0160. Non-xml extras (a `dummy` file) are tolerated, as SUNAT's own zips carry one.
 */
export function singleXmlEntry(
  zip: Buffer,
  zipStem: string,
  xmlStem: (entryName: string) => string | undefined,
): XmlEntry {
  let entries: ZipEntry[];
  try {
    entries = unzipEntries(zip);
  } catch (error) {
    if (error instanceof ZipFormatError && error.code) return { ok: false, code: error.code };
    throw error;
  }
  if (entries.length === 0) return { ok: false, code: "0155" };
  const xmlEntries = entries.filter((e) => e.name.toLowerCase().endsWith(".xml"));
  if (xmlEntries.length === 0) return { ok: false, code: "0157" };
  if (xmlEntries.length > 1) return { ok: false, code: "0158" };
  const entry = xmlEntries[0]!;
  const entryName = entry.name.split("/").pop()!;
  const stem = xmlStem(entryName);
  if (stem === undefined) return { ok: false, code: "0159" };
  if (stem !== zipStem) return { ok: false, code: "0161" };
  if (entry.data.length === 0) return { ok: false, code: "0160" };
  return { ok: true, name: entryName, data: entry.data };
}
