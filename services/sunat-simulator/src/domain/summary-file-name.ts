/** Parts of a summary file name `RUC-RC-YYYYMMDD-N` / `RUC-RA-YYYYMMDD-N` (RV:General, ERR 0151). */
export interface SummaryFileName {
  stem: string;
  ruc: string;
  /** RC resumen diario, RA comunicación de baja. */
  kind: "RC" | "RA";
  /** YYYYMMDD */
  date: string;
  /** Correlativo 1..99999, as written. */
  number: string;
}

// RUC starting with 1 or 2; correlativo 1 to 5 digits (RV:General 0151 note). RR (reversiones) belongs to
// the retención/percepción service, not to this billService.
const PATTERN = /^([12]\d{10})-(RC|RA)-(\d{8})-(\d{1,5})\.(zip|xml)$/i;

export function parseSummaryFileName(
  fileName: string,
  extension: "zip" | "xml",
): SummaryFileName | undefined {
  const match = PATTERN.exec(fileName);
  if (!match || match[5]!.toLowerCase() !== extension || Number(match[4]) < 1) return undefined;
  return {
    stem: fileName.slice(0, -4),
    ruc: match[1]!,
    kind: match[2]!.toUpperCase() as "RC" | "RA",
    date: match[3]!,
    number: match[4]!,
  };
}

/** The registry key of a summary: `RUC-RC-YYYYMMDD-N` with the correlativo without leading zeros. */
export function summaryKey(name: SummaryFileName): string {
  return `${name.ruc}-${name.kind}-${name.date}-${Number(name.number)}`;
}

/** `RC-YYYYMMDD-N`, the ID the XML must carry (ERR 2220) and the CDR's ReferenceID. */
export function summaryId(name: SummaryFileName): string {
  return `${name.kind}-${name.date}-${Number(name.number)}`;
}
