/** SUNAT's file name for a document: `RUC-TT-SERIE-NUMERO` (zip and inner XML share it; errors 0151/0159/0161). */
export function documentFileName(ruc: string, type: string, series: string, number: number): string {
  return `${ruc}-${type}-${series}-${number}`;
}

/** The printed id of a document: `SERIE-NUMERO` (`F001-12`). */
export function printedNumber(series: string, number: number): string {
  return `${series}-${number}`;
}
