import type { Issuer } from "@einvoice/domain";
import { Code, ConnectError, SHAPE_ERRORS, violationsError } from "@einvoice/platform";
import type { SignSummaryRequest } from "@einvoice/proto";
import {
  buildSummaryDocumentsXml,
  buildVoidedDocumentsXml,
  summaryFileName,
  UblInputError,
  type XmlSigner,
} from "@einvoice/ubl";
import { type CredentialVault, MissingCertificateError } from "./credential-vault.js";

/**
 * Builds and signs a comunicación de baja (RA) or resumen diario (RC) for submission, which batches voids and
 * owns the summary's correlative and its sending. Signing keeps the keys; the XML is deterministic for the same
 * input and certificate (RSA PKCS#1 v1.5), so a repeated call after a crash yields the same file.
 */
export class SignSummary {
  constructor(
    private readonly vault: CredentialVault,
    private readonly signer: XmlSigner,
  ) {}

  async execute(
    scope: { companyId: string; livemode: boolean },
    req: SignSummaryRequest,
  ): Promise<{ xml: string; fileName: string }> {
    const kind = req.kind === "RA" || req.kind === "RC" ? req.kind : undefined;
    if (!kind) {
      throw violationsError([
        { param: "kind", code: SHAPE_ERRORS.parameter_invalid.code, message: "kind must be RA or RC." },
      ]);
    }
    const header = {
      sender: { ruc: req.ruc, legal_name: req.legalName },
      number: req.number,
      issueDate: req.issueDate,
      referenceDate: req.referenceDate,
    };
    let unsigned: string;
    try {
      unsigned =
        kind === "RA"
          ? buildVoidedDocumentsXml({
              ...header,
              lines: req.lines.map((l) => ({
                type: l.type,
                series: l.series,
                number: l.number,
                reason: l.reason,
              })),
            })
          : buildSummaryDocumentsXml({
              ...header,
              lines: req.lines.map((l) => ({
                type: l.type,
                series: l.series,
                number: l.number,
                conditionCode: "3",
                currency: l.currency,
                customer: { documentType: l.customerDocumentType, documentNumber: l.customerDocumentNumber },
                total: l.total,
                payments: l.payments.map((p) => ({ code: p.code, amount: p.amount })),
                taxes: l.taxes.map((t) => ({
                  code: t.code,
                  amount: t.amount,
                  ...(t.percent !== undefined && { percent: t.percent }),
                })),
              })),
            });
    } catch (error) {
      if (error instanceof UblInputError) {
        throw violationsError([
          { param: error.path, code: SHAPE_ERRORS.parameter_invalid.code, message: error.message },
        ]);
      }
      throw error;
    }
    // The vault only needs the RUC and name (test mode makes the company's certificate from them).
    const issuer: Issuer = {
      ruc: req.ruc,
      legal_name: req.legalName,
      address: { line: "", establishment_code: "0000", country_code: "PE" },
    };
    let credentials: Awaited<ReturnType<CredentialVault["forIssuer"]>>;
    try {
      credentials = await this.vault.forIssuer(scope.companyId, scope.livemode, issuer);
    } catch (error) {
      if (error instanceof MissingCertificateError) {
        throw new ConnectError(error.message, Code.FailedPrecondition);
      }
      throw error;
    }
    const signed = this.signer.sign(unsigned, credentials);
    return { xml: signed.xml, fileName: summaryFileName(req.ruc, kind, req.issueDate, req.number) };
  }
}
