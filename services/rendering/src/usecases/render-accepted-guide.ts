import type { Payload, subjects } from "@einvoice/broker";
import { objectFileName } from "@einvoice/domain";
import type { RenderGuide } from "./render-guide.js";

type Verdict = Payload<typeof subjects.documentVerdict>;

/** A CDR's file name is `R-<ruc>-<type>-<series>-<number>.zip`: the type tells a guide's without a call. */
const GUIDE_CDR = /^R-\d{11}-(09|31)-[^/]+\.zip$/;

/**
 * SUNAT accepted a guide: print it again with the QR URL SUNAT returned in its CDR (spec rule 11). Verdicts of
 * invoices and receipts, rejections and verdicts without a CDR are done at once (their PDF does not change).
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
