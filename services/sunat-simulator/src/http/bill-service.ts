import { buildSendBillResponse, child, messageFor } from "@einvoice/sunat";
import {
  checkInvoiceRules,
  checkNoteArithmetic,
  checkNotePayment,
  checkNotePaymentAgainst,
  checkNoteRules,
  identityKey,
  type Knobs,
  parseSummaryFileName,
  type RuleIssue,
  readNote,
  readNotePayment,
  referencedIdentity,
  referenceIssues,
  registeredFactsOf,
  validateInvoiceSubmission,
} from "../domain/index.js";
import { judgeContent } from "./content-verdict.js";
import type { SimulatorContext } from "./context.js";
import { faultReply, type HttpReply, senderRuc, xmlReply } from "./http-io.js";

export interface SendFileRequest {
  username: string;
  fileName: string;
  contentFile: Buffer;
}

/**
 * billService.sendBill as SUNAT runs it: envelope and file checks first (exceptions, no CDR), then the
 * registry (a second send of a registered identity is 1033), then the content: XSD (0306, when configured),
 * signature (2085/2335) and the sum rules. Acceptance and observations come back as a signed CDR in
 * `R-<name>.zip`; rejections as a fault carrying the code, with a rejection CDR stored for getStatusCdr.
 * `force_code` replaces the content verdict, never the envelope checks or 1033.
 */
export class BillService {
  constructor(private readonly ctx: SimulatorContext) {}

  async sendBill(request: SendFileRequest, knobs: Knobs): Promise<HttpReply> {
    if (parseSummaryFileName(request.fileName, "zip")) return faultReply("0152");
    const check = await validateInvoiceSubmission({
      fileName: request.fileName,
      zip: request.contentFile,
      senderRuc: senderRuc(request.username),
    });
    if (!check.ok) return faultReply(check.code, check.message);

    const { document, fileName } = check;
    const identity = identityKey({ ...document, number: Number(document.number) });
    if (await this.ctx.registry.find(identity)) return faultReply("1033");

    const subject = { type: document.type, series: document.series, number: String(Number(document.number)) };
    // Credit and debit notes: their sheet's rules, and the modified document as the registry has it.
    const note = readNote(check.parsed);
    let noteIssues: RuleIssue[] = [];
    if (note) {
      const payment = readNotePayment(child(check.parsed, note.root));
      noteIssues = [
        ...checkNoteRules(note),
        ...(note.root === "CreditNote" ? checkNotePayment(payment) : []),
        ...checkNoteArithmetic(check.parsed),
      ];
      const modified = referencedIdentity(document.ruc, note);
      // The registered document is read once the note's own ERROR rules passed (observations still let it).
      if (modified && !noteIssues.some((issue) => Number(issue.code) < 4000)) {
        const registration = await this.ctx.registry.find(modified);
        const onReference = referenceIssues(registration);
        const onSale =
          onReference.length === 0 && registration?.facts && note.root === "CreditNote"
            ? checkNotePaymentAgainst(payment, registration.facts)
            : [];
        noteIssues = [...onReference, ...onSale, ...noteIssues];
      }
    }
    const judged = await judgeContent(
      this.ctx,
      { xml: check.xml, parsed: check.parsed, root: document.root, subject },
      knobs,
      note ? () => noteIssues : checkInvoiceRules,
    );
    if ("xsdFailure" in judged) return faultReply("0306", `${messageFor("0306")} - ${judged.xsdFailure}`);
    const { verdict } = judged;
    const { outcome } = verdict;
    if (outcome === "exception") return faultReply(verdict.responseCode, verdict.description);

    const cdrZip = await this.ctx.cdrs.issue({
      stem: fileName.stem,
      receiverRuc: document.ruc,
      referenceId: `${subject.series}-${subject.number}`,
      documentTypeCode: document.type,
      verdict,
    });
    // An invoice's or receipt's date, total and FormaPago, which the rules of a later note on it read.
    const facts = note ? undefined : registeredFactsOf(child(check.parsed, "Invoice"));
    if (
      !(await this.ctx.registry.registerVerdict(identity, outcome, verdict, cdrZip, this.ctx.clock(), facts))
    ) {
      return faultReply("1033");
    }
    if (outcome === "rejected") return faultReply(verdict.responseCode, verdict.description);
    return xmlReply(buildSendBillResponse(cdrZip.toString("base64")));
  }
}
