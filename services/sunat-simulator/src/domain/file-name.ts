/** Parts of a CPE file name `RUC-TT-SERIE-NUMERO` (RV:General, ERR 0151/0159). */
export interface DocumentFileName {
  /** Name without extension, shared by the zip and its xml (ERR 0161). */
  stem: string;
  ruc: string;
  type: string;
  series: string;
  number: string;
}

// RUC starts with 1 or 2 (RV:General 0151 note); series has 4 alphanumerics; correlativo ≤ 8 digits.
const PATTERN = /^([12]\d{10})-(\d{2})-([A-Z0-9]{4})-(\d{1,8})\.(zip|xml)$/i;

/** Parses `NAME.zip` or `NAME.xml`; undefined when the name does not follow the pattern. */
export function parseDocumentFileName(
  fileName: string,
  extension: "zip" | "xml",
): DocumentFileName | undefined {
  const match = PATTERN.exec(fileName);
  if (!match || match[5]!.toLowerCase() !== extension) return undefined;
  const [, ruc, type, series, number] = match;
  return {
    stem: fileName.slice(0, -4),
    ruc: ruc!,
    type: type!,
    series: series!.toUpperCase(),
    number: number!,
  };
}
