import type { Client } from "@connectrpc/connect";
import { issuers } from "@einvoice/contracts";
import {
  type InvoiceRequest,
  type Issuer,
  isFinalStatus,
  type SaleDocumentType,
  type Scope,
} from "@einvoice/domain";
import { SERVICE_ERRORS, serviceError, todayInLima } from "@einvoice/platform";
import type { Document, NumberingService } from "@einvoice/proto";
import type { CompanyRecord } from "../adapters/company-repository.js";
import type { IssuingSettings } from "../adapters/company-settings-repository.js";
import type { IssueBatcher } from "../adapters/issue-batcher.js";
import type { TaxBatcher } from "../adapters/tax-batcher.js";
import type { DocumentWaiter } from "../waiters/document-waiter.js";
import type { Caller } from "./authenticate.js";
import { invoiceRequestMessage } from "./invoice-request-message.js";
import { outcomeUnknown } from "./outcome-unknown.js";
import type { ReadCompanySetup } from "./read-company-setup.js";

export interface CreateDocumentCommand {
  caller: Caller;
  type: SaleDocumentType;
  request: InvoiceRequest;
  /** How long to wait for the verdict, in seconds; 0 answers at once (the document is pending). */
  waitSeconds: number;
  /** The caller's Idempotency-Key: numbering keeps it with the document, so a retry never gets a second number. */
  idempotencyKey?: string;
}

/**
 * Issues an invoice or receipt: every check first (TaxService.ComputeDocument, batched by the TaxBatcher, then
 * live-mode readiness), so a refusal spends no number; then the register assigns the number; then, if asked, waits
 * for SUNAT's verdict. The tax service's INVALID_ARGUMENT carries every field violation (422); a tax service that
 * does not answer is UNAVAILABLE or DEADLINE_EXCEEDED (503, retry), and no number was taken.
 */
export class CreateDocument {
  constructor(
    private readonly deps: {
      /** Today's date in Lima, the default issue date; injectable for tests. */
      clock?: () => Date;
      /**
       * The company's settings in the mode, read once per create (absent: general regime, no logo): the IGV regime
       * it computes with and the logo key that goes into the issuer snapshot, so the document prints this logo for
       * good, whatever logo the company has later.
       */
      settings?: (scope: Scope) => Promise<IssuingSettings>;
      numbering: Client<typeof NumberingService>;
      /** IssueDocument, batched with the creates that arrive together. */
      issues: Pick<IssueBatcher, "issue">;
      readSetup: ReadCompanySetup;
      /** The tax service's ComputeDocument (every computation and check), batched with concurrent creates. */
      computes: Pick<TaxBatcher, "compute">;
      waiter: DocumentWaiter;
    },
  ) {}

  async execute({
    caller,
    type,
    request,
    waitSeconds,
    idempotencyKey,
  }: CreateDocumentCommand): Promise<Document> {
    const scope = { companyId: caller.company._id, livemode: caller.livemode };
    const settings = await this.settingsOf(scope);
    const document = await this.deps.computes.compute({
      type,
      request: invoiceRequestMessage(request),
      today: todayInLima((this.deps.clock ?? (() => new Date()))()),
      igvRegime: settings.igvRegime,
    });
    return this.issueComputed(caller, document, { waitSeconds, idempotencyKey, settings });
  }

  /** The company's settings in the mode (one read). */
  async settingsOf(scope: Scope): Promise<IssuingSettings> {
    return (await this.deps.settings?.(scope)) ?? { igvRegime: "general" };
  }

  /**
   * A computed document's way from its checks to the register (`computed` as the tax service encoded it, forwarded
   * as it is): live-mode readiness (409), the number, then the
   * verdict if asked. Credit and debit notes (CreateNote) take it too once computed.
   */
  async issueComputed(
    caller: Caller,
    computed: Uint8Array,
    {
      waitSeconds,
      idempotencyKey,
      readinessChecked = false,
      settings,
    }: {
      waitSeconds: number;
      idempotencyKey: string | undefined;
      /** True when the caller already ran {@link assertCanIssue} for this request. */
      readinessChecked?: boolean;
      /** The settings the document was computed with ({@link settingsOf}), so they are read once. */
      settings: IssuingSettings;
    },
  ): Promise<Document> {
    const scope = { companyId: caller.company._id, livemode: caller.livemode };
    if (!readinessChecked) await this.assertCanIssue(caller);
    const { logoKey } = settings;
    const document = await this.deps.issues
      .issue({
        scope,
        issuer: issuers.toMessage({ ...issuerOf(caller.company), ...(logoKey ? { logo_key: logoKey } : {}) }),
        computed,
        idempotencyKey: idempotencyKey ?? "",
      })
      .catch((error: unknown) => {
        throw outcomeUnknown(error, idempotencyKey, "document");
      });
    if (waitSeconds <= 0 || isFinalStatus(document.status)) return document;
    return this.deps.waiter.waitForFinal(document.id, waitSeconds * 1000, async () => {
      const res = await this.deps.numbering.getDocument({ scope, id: document.id });
      return required(res.document);
    });
  }

  /** Live mode issues only once the company's certificate and SOL user are in: 409 `company_not_configured`. */
  async assertCanIssue(caller: Caller): Promise<void> {
    if (!caller.livemode) return;
    const { missing } = await this.deps.readSetup.execute({
      companyId: caller.company._id,
      livemode: caller.livemode,
    });
    if (missing.length > 0) {
      throw serviceError(
        SERVICE_ERRORS.company_not_configured,
        `Live mode needs the company's digital certificate and SOL user. Missing: ${missing.join("; ")}.`,
      );
    }
  }
}

function required(document: Document | undefined): Document {
  if (!document) throw new Error("numbering answered without the document");
  return document;
}

/** The issuer as printed on the document: a snapshot of the company now. */
export function issuerOf(company: CompanyRecord): Issuer {
  const { address } = company;
  return {
    ruc: company.ruc,
    legal_name: company.legal_name,
    ...(company.trade_name ? { trade_name: company.trade_name } : {}),
    address: {
      line: address.line,
      establishment_code: address.establishment_code,
      country_code: address.country_code,
      ...(address.ubigeo ? { ubigeo: address.ubigeo } : {}),
      ...(address.district ? { district: address.district } : {}),
      ...(address.province ? { province: address.province } : {}),
      ...(address.department ? { department: address.department } : {}),
    },
  };
}
