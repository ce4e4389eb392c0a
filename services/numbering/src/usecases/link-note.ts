import {
  type ComputedDocument,
  type DocumentNote,
  NOTE_MODIFIABLE_STATUSES,
  type Scope,
} from "@einvoice/domain";
import { Code, reasonError, SERVICE_ERRORS, serviceError, violationsError } from "@einvoice/platform";
import type { DocumentRepository } from "../adapters/document-repository.js";
import type { DocumentRecord } from "../domain/document-record.js";
import { creditableBalance, fromCents, toCents } from "../domain/note-balance.js";

/** The statuses of a document a note may modify (NotaCredito/NotaDebito ERR 2119, 2120, 2121). */

/**
 * Inside the register's transaction, after the note got its number: the modified document must exist in the
 * scope (404), be accepted or observed (409), and, for a credit note, have enough left to credit (422); then the
 * note joins the document's `notes`. Checked and written in the same transaction as the number, one note after
 * the other, with a compare-and-set on the document: of two credit notes racing for its last sol, one is refused.
 */
export async function linkNote(
  repository: DocumentRepository,
  scope: Scope,
  note: DocumentRecord,
  computed: ComputedDocument,
  now: string,
): Promise<void> {
  const reference = computed.reference;
  if (!reference) return;
  const modified = await repository.findById(scope, reference.document_id);
  if (!modified || (modified.type !== "01" && modified.type !== "03") || !modified.computed) {
    throw serviceError(
      SERVICE_ERRORS.resource_missing,
      `No such document: '${reference.document_id}'`,
      "document",
    );
  }
  if (!NOTE_MODIFIABLE_STATUSES.has(modified.status)) {
    throw serviceError(
      SERVICE_ERRORS.document_not_modifiable,
      `Document ${modified.series}-${modified.number} is ${modified.status}: a note modifies an accepted or observed document only.`,
    );
  }
  const notes = modified.notes ?? [];
  if (note.type === "07") {
    const statuses = new Map<string, string>();
    for (const earlier of notes) {
      const record = await repository.findById(scope, earlier.id);
      if (record) statuses.set(earlier.id, record.status);
    }
    const balance = creditableBalance(modified.computed.amounts.total, notes, (id) => statuses.get(id));
    if (toCents(computed.amounts.total) > balance) {
      throw violationsError([
        {
          param: "document",
          code: SERVICE_ERRORS.credit_exceeds_document.code,
          message: `this credit note's total ${computed.amounts.total} exceeds what is left to credit on ${modified.series}-${modified.number}: ${fromCents(balance < 0n ? 0n : balance)} ${modified.computed.currency}`,
        },
      ]);
    }
  }
  const entry: DocumentNote = {
    id: note._id,
    type: note.type as DocumentNote["type"],
    series: note.series,
    number: note.number,
    total: computed.amounts.total,
  };
  const updated = await repository.update(
    scope,
    modified._id,
    { updated_at: modified.updated_at, status: modified.status },
    { notes: [...notes, entry], updated_at: now },
  );
  if (!updated) {
    throw reasonError(
      Code.Unavailable,
      "document_changed",
      `Document ${modified.series}-${modified.number} changed while the note was issued; retry the request.`,
      "document",
    );
  }
}
