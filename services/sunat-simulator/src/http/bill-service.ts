import { documentFileName } from "@einvoice/domain";
import { timeInLima, todayInLima } from "@einvoice/platform";
import { DuplicateKeyError, type Store } from "@einvoice/store";
import {
  buildCdrXml,
  buildSendBillResponse,
  buildSoapFault,
  parseSoapRequest,
  SoapRequestError,
  zipDocument,
} from "@einvoice/sunat";
import type { SigningCredentials, XmlSigner } from "@einvoice/ubl";
import { Registry } from "../adapters/registry.js";
import { checkInvoiceRules, decideVerdict, validateInvoiceSubmission } from "../domain/index.js";

export interface SoapReply {
  status: number;
  body: string;
}

const fault = (code: string, message?: string): SoapReply => ({
  status: 500,
  body: buildSoapFault(code, message),
});

/**
 * billService as SUNAT runs it: envelope and file checks first (exceptions, no CDR), then registration (a
 * second send of a registered identity is 1033), then the content rules. Acceptance and observations come back
 * as a signed CDR in `R-<name>.zip`; rejections as a fault carrying the code.
 */
export class BillService {
  constructor(
    private readonly store: Store,
    private readonly signer: XmlSigner,
    private readonly sunatCredentials: SigningCredentials,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async handle(soapXml: string): Promise<SoapReply> {
    let request: ReturnType<typeof parseSoapRequest>;
    try {
      request = parseSoapRequest(soapXml);
    } catch (error) {
      if (error instanceof SoapRequestError) return fault("0306", error.message);
      throw error;
    }
    if (request.operation !== "sendBill")
      return fault("0200", `operation ${request.operation} is not served here`);

    const check = await validateInvoiceSubmission({
      fileName: request.fileName,
      zip: request.contentFile,
      senderRuc: request.username.slice(0, 11),
    });
    if (!check.ok) return fault(check.code, check.message);

    const { document } = check;
    const identity = documentFileName(document.ruc, document.type, document.series, Number(document.number));
    const registry = new Registry(this.store);
    if (await registry.find(identity)) return fault("1033");

    const verdict = decideVerdict(checkInvoiceRules(check.xml), document);
    if (verdict.outcome === "exception") return fault(verdict.responseCode, verdict.description);

    const now = this.clock();
    let cdrZip: Buffer | null = null;
    if (verdict.outcome !== "rejected") {
      const cdrXml = buildCdrXml({
        id: String(now.getTime()),
        issueDate: todayInLima(now),
        issueTime: timeInLima(now),
        responseDate: todayInLima(now),
        responseTime: timeInLima(now),
        receiverRuc: document.ruc,
        referenceId: `${document.series}-${document.number}`,
        documentId: `${document.series}-${document.number}`,
        documentTypeCode: document.type,
        responseCode: verdict.responseCode,
        description: verdict.description,
        notes: verdict.notes,
        sign: (xml) => this.signer.sign(xml, this.sunatCredentials).xml,
      });
      cdrZip = await zipDocument(`R-${identity}.zip`, cdrXml);
    }
    try {
      await registry.register({
        _id: identity,
        outcome: verdict.outcome,
        response_code: verdict.responseCode,
        description: verdict.description,
        cdr_zip: cdrZip ? cdrZip.toString("base64") : null,
        registered_at: now.toISOString(),
      });
    } catch (error) {
      // A concurrent send of the same identity registered first.
      if (error instanceof DuplicateKeyError) return fault("1033");
      throw error;
    }
    if (!cdrZip) return fault(verdict.responseCode, verdict.description);
    return { status: 200, body: buildSendBillResponse(cdrZip.toString("base64")) };
  }
}
