import type { SIGN_SUMMARY_REQUEST_KIND_VALUES } from "./generated/summary.js";

/** RA comunicación de baja (voids invoices and their notes), RC resumen diario (voids receipts, condition 3). */
export type SummaryKind = (typeof SIGN_SUMMARY_REQUEST_KIND_VALUES)[number];

/** `RA-YYYYMMDD-N` / `RC-YYYYMMDD-N`: a summary's `cbc:ID` (ERR 2220 when it differs from the file name). */
export const summaryId = (kind: SummaryKind, issueDate: string, number: number): string =>
  `${kind}-${issueDate.replaceAll("-", "")}-${number}`;

/** `RUC-RA-YYYYMMDD-N` (without extension): the zip and XML file names SUNAT expects (RV:General 0151). */
export const summaryFileName = (ruc: string, kind: SummaryKind, issueDate: string, number: number): string =>
  `${ruc}-${summaryId(kind, issueDate, number)}`;
