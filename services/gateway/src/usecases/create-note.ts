import type { Client } from "@connectrpc/connect";
import { NOTE_MODIFIABLE_STATUSES, type NoteDocumentType, type NoteRequest } from "@einvoice/domain";
import {
  Code,
  ConnectError,
  hasIdShape,
  SERVICE_ERRORS,
  serviceError,
  todayInLima,
  violationsError,
} from "@einvoice/platform";
import type { Document, NumberingService, TaxServiceEncoded } from "@einvoice/proto";
import type { Caller } from "./authenticate.js";
import type { CreateDocument } from "./create-document.js";
import { noteRequestMessage } from "./invoice-request-message.js";

export interface CreateNoteCommand {
  caller: Caller;
  type: NoteDocumentType;
  request: NoteRequest;
  /** How long to wait for the verdict, in seconds; 0 answers at once (the note is pending). */
  waitSeconds: number;
  idempotencyKey?: string;
}

/** The statuses of a document a note may modify (NotaCredito/NotaDebito ERR 2119–2121). */

/**
 * Issues a credit (07) or debit (08) note: live-mode readiness (409 `company_not_configured`), then reads the modified document in the caller's scope (404), refuses one
 * that is not accepted or observed (409), computes the note with TaxService.ComputeNote (422), then takes the invoice's
 * way to the register (CreateDocument.issueComputed: number, wait). The register checks the
 * document again and the credit left, in the transaction that numbers the note.
 */
export class CreateNote {
  constructor(
    private readonly deps: {
      clock?: () => Date;
      numbering: Client<typeof NumberingService>;
      createDocument: Pick<CreateDocument, "issueComputed" | "assertCanIssue" | "settingsOf">;
      /** ComputeNote answers the note as its encoded ComputedDocument, forwarded to numbering as it is. */
      tax: Client<typeof TaxServiceEncoded>;
    },
  ) {}

  async execute({
    caller,
    type,
    request,
    waitSeconds,
    idempotencyKey,
  }: CreateNoteCommand): Promise<Document> {
    const scope = { companyId: caller.company._id, livemode: caller.livemode };
    // Live readiness first: an unconfigured live mode has no document to modify, and says what it lacks.
    await this.deps.createDocument.assertCanIssue(caller);
    const missing = () =>
      serviceError(SERVICE_ERRORS.resource_missing, `No such document: '${request.document}'`, "document");
    if (!hasIdShape(request.document, "doc")) throw missing();
    const found = await this.deps.numbering
      .getDocument({ scope, id: request.document })
      .catch((error: unknown) => {
        throw error instanceof ConnectError && error.code === Code.NotFound ? missing() : error;
      });
    const modified = found.document;
    if (!modified || !found.computed || (modified.type !== "01" && modified.type !== "03")) {
      throw violationsError([
        {
          param: "document",
          code: SERVICE_ERRORS.document_not_invoice_or_receipt.code,
          message: "a note modifies an invoice (01) or a receipt (03)",
        },
      ]);
    }
    if (!NOTE_MODIFIABLE_STATUSES.has(modified.status)) {
      throw serviceError(
        SERVICE_ERRORS.document_not_modifiable,
        `Document ${modified.series}-${modified.number} is ${modified.status}: a note modifies an accepted or observed document only.`,
      );
    }
    const settings = await this.deps.createDocument.settingsOf(scope);
    const { document } = await this.deps.tax.computeNote({
      type,
      request: noteRequestMessage(request),
      modified: {
        documentId: modified.id,
        type: modified.type,
        series: modified.series,
        number: modified.number,
        issueDate: modified.issueDate,
      },
      modifiedComputed: found.computed,
      today: todayInLima((this.deps.clock ?? (() => new Date()))()),
      igvRegime: settings.igvRegime,
    });
    if (!document) throw new Error("the tax service answered without the document");
    return this.deps.createDocument.issueComputed(caller, document, {
      waitSeconds,
      idempotencyKey,
      readinessChecked: true,
      settings,
    });
  }
}
