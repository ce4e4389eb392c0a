import { timeInLima, todayInLima } from "@einvoice/platform";
import { buildCdrXml, zipDocument } from "@einvoice/sunat";
import type { SigningCredentials, XmlSigner } from "@einvoice/ubl";
import type { Verdict } from "../domain/index.js";

export interface CdrRequest {
  /** File stem the CDR answers: the zip is `R-<stem>.zip` holding `R-<stem>.xml`. */
  stem: string;
  /** The issuer (ReceiverParty). */
  receiverRuc: string;
  /** `SERIE-NUMERO`, or `RC-YYYYMMDD-N` for summaries. */
  referenceId: string;
  documentTypeCode?: string;
  verdict: Verdict;
  /** GRE: the QR URL. */
  documentDescription?: string;
}

/**
 * Issues SUNAT's answer document: an ApplicationResponse signed with the simulator's own certificate (as
 * SUNAT signs with its own), zipped as `R-<name>.zip`. Rejections get one too: the getStatusCdr and ticket
 * channels hand it out even though sendBill answers a rejection with a fault.
 */
export class CdrIssuer {
  constructor(
    private readonly signer: XmlSigner,
    private readonly credentials: SigningCredentials,
    private readonly clock: () => Date,
  ) {}

  async issue(request: CdrRequest): Promise<Buffer> {
    const now = this.clock();
    const { verdict } = request;
    const xml = buildCdrXml({
      id: String(now.getTime()),
      issueDate: todayInLima(now),
      issueTime: timeInLima(now),
      responseDate: todayInLima(now),
      responseTime: timeInLima(now),
      receiverRuc: request.receiverRuc,
      referenceId: request.referenceId,
      documentId: request.referenceId,
      ...(request.documentTypeCode && { documentTypeCode: request.documentTypeCode }),
      ...(request.documentDescription && { documentDescription: request.documentDescription }),
      responseCode: verdict.responseCode,
      description: verdict.description,
      notes: verdict.notes,
      sign: (unsigned) => this.signer.sign(unsigned, this.credentials).xml,
    });
    return zipDocument(`R-${request.stem}.zip`, xml);
  }
}
