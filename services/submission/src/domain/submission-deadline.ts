/**
 * When a document stops waiting for SUNAT. SUNAT accepts an invoice (and a receipt sent on its own) until the
 * third calendar day after its issue date (RS 000003-2023/SUNAT; later → 2108), so by default the deadline is
 * the end of that day in Lima. A configured duration replaces the window (tests, stricter operators), measured
 * from when the submission was queued.
 */
export const SUNAT_SENDING_WINDOW_DAYS = 3;

/**
 * A credit or debit note of a receipt (series `B…`) sent on its own is received up to 5 days after its issue date
 * (NotaCredito2_0 / NotaDebito2_0 field 4, ERR 1079 "Solo puede enviar el comprobante en un resumen diario"
 * after it); every other note follows its invoice's window (ERR 2108).
 */
export const RECEIPT_NOTE_SENDING_WINDOW_DAYS = 5;

/** The sending window of a document sent on its own by sendBill, in calendar days after its issue date. */
export function sendingWindowDays(type: string, series: string): number {
  return (type === "07" || type === "08") && series.startsWith("B")
    ? RECEIPT_NOTE_SENDING_WINDOW_DAYS
    : SUNAT_SENDING_WINDOW_DAYS;
}

/** Lima has no daylight saving time: UTC−5 all year. */
const LIMA_OFFSET = "-05:00";

export function submissionDeadline(input: {
  issueDate: string;
  queuedAt: Date;
  /** Milliseconds after queueing; 0 or absent = SUNAT's sending window. */
  overrideMs?: number;
  /** Calendar days after the issue date SUNAT receives it ({@link sendingWindowDays}); 3 when absent. */
  windowDays?: number;
}): Date {
  if (input.overrideMs && input.overrideMs > 0) return new Date(input.queuedAt.getTime() + input.overrideMs);
  const startOfIssueDay = new Date(`${input.issueDate}T00:00:00.000${LIMA_OFFSET}`);
  if (Number.isNaN(startOfIssueDay.getTime())) throw new RangeError(`invalid issue date ${input.issueDate}`);
  const endOfWindow = new Date(startOfIssueDay);
  endOfWindow.setUTCDate(endOfWindow.getUTCDate() + (input.windowDays ?? SUNAT_SENDING_WINDOW_DAYS) + 1);
  return new Date(endOfWindow.getTime() - 1);
}
