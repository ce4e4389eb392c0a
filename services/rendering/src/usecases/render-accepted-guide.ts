import type { Payload, subjects } from "@einvoice/broker";
import { objectFileName } from "@einvoice/domain";
import type { RenderGuide } from "./render-guide.js";

type Verdict = Payload<typeof subjects.documentDespatchVerdict>;

/**
 * A CDR's file name is `R-<ruc>-<type>-<series>-<number>.zip`: the type tells a guide's without a call (what the
 * retired consumer of every verdict still delivers includes invoices').
 */
const GUIDE_CDR = /^R-\d{11}-(09|31)-[^/]+\.zip$/;

/**
 * SUNAT accepted a guide: print it again with the QR URL SUNAT returned in its CDR (spec rule 11). Rejections,
 * verdicts without a CDR and (from the retired consumer of every verdict) invoices' and receipts' are done at once
 * (their PDF does not change).
 */
export class RenderAcceptedGuide {
  constructor(private readonly guides: RenderGuide) {}

  async execute(verdict: Verdict): Promise<void> {
    if (verdict.outcome !== "accepted" && verdict.outcome !== "observed") return;
    if (!verdict.cdrKey || !GUIDE_CDR.test(objectFileName(verdict.cdrKey))) return;
    const { documentId, companyId, livemode, cdrKey, xmlKey, hash } = verdict;
    await this.guides.execute({ documentId, companyId, livemode, cdrKey, xmlKey, hash });
  }
}
