import type { DocumentNote } from "@einvoice/domain";

/** The statuses of a note that no longer change what is left to collect on its document. */
const DISCARDED = new Set(["rejected", "voided"]);

/** A 2-decimal amount of the tax engine (`118.00`) in cents, exactly. */
export function toCents(amount: string): bigint {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(amount);
  if (!match) throw new Error(`not a 2-decimal amount: ${amount}`);
  const cents = BigInt(match[2]!) * 100n + BigInt(match[3]!);
  return match[1] ? -cents : cents;
}

/** Cents as a 2-decimal amount. */
export function fromCents(cents: bigint): string {
  const sign = cents < 0n ? "-" : "";
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
}

/**
 * What is left to credit on a document, in cents: its total, plus its debit notes, minus its credit notes,
 * counting every note SUNAT may still accept (pending included) and leaving rejected and voided ones aside. A
 * credit note above it is refused: ERR 3286 (invoices) / OBSERV 4028 (receipts), NotaCredito sheet field 18,
 * made cumulative so a document is never credited beyond what it charged.
 */
export function creditableBalance(
  total: string,
  notes: readonly DocumentNote[],
  statusOf: (noteId: string) => string | undefined,
): bigint {
  let balance = toCents(total);
  for (const note of notes) {
    if (DISCARDED.has(statusOf(note.id) ?? "pending")) continue;
    balance += note.type === "08" ? toCents(note.total) : -toCents(note.total);
  }
  return balance;
}
