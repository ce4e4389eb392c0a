import type { Client } from "@connectrpc/connect";
import { issuers } from "@einvoice/contracts";
import type { Scope } from "@einvoice/domain";
import { Code, ConnectError, SERVICE_ERRORS, serviceError, todayInLima } from "@einvoice/platform";
import type { Document, NumberingService, SubmissionService, TaxService } from "@einvoice/proto";
import type { Caller } from "./authenticate.js";
import { issuerOf } from "./create-document.js";
import { outcomeUnknown } from "./outcome-unknown.js";
import type { ReadCompanySetup } from "./read-company-setup.js";

export interface CreateDespatchAdviceCommand {
  caller: Caller;
  /** The body after the shape check. */
  body: unknown;
  /** `Prefer: wait=N`: how long to wait for SUNAT's ticket, in seconds; 0 answers at once. */
  waitSeconds: number;
  idempotencyKey?: string;
}

/**
 * Issues a despatch advice (09 sender guide, 31 carrier guide): TaxService.CheckDespatchAdvice first (every rule,
 * named by its dotted field: 422), then live-mode readiness including the GRE API credentials, so a refusal spends
 * no number; then the register assigns the number of the T…/V… series. A guide's verdict comes through a ticket SUNAT answers
 * later, so `Prefer: wait` returns as soon as the ticket exists: still pending, without `sunat`.
 */
export class CreateDespatchAdvice {
  constructor(
    private readonly deps: {
      numbering: Client<typeof NumberingService>;
      submission: Client<typeof SubmissionService>;
      readSetup: ReadCompanySetup;
      tax: Client<typeof TaxService>;
      /** The mode's current logo key, copied into the guide's issuer snapshot so its PDFs print it later. */
      logoKey?: (scope: Scope) => Promise<string | undefined>;
      /** Polls submission until the guide has a ticket; injectable for tests. */
      pollMs?: number;
      clock?: () => Date;
    },
  ) {}

  async execute({
    caller,
    body,
    waitSeconds,
    idempotencyKey,
  }: CreateDespatchAdviceCommand): Promise<Document> {
    const scope = { companyId: caller.company._id, livemode: caller.livemode };
    const now = (this.deps.clock ?? (() => new Date()))();
    const { advice } = await this.deps.tax.checkDespatchAdvice({
      requestJson: JSON.stringify(body),
      issuerRuc: caller.company.ruc,
      issuerLegalName: caller.company.legal_name,
      today: todayInLima(now),
    });
    if (!advice) throw new Error("the tax service answered without the advice");
    const setup = await this.deps.readSetup.execute(scope);
    const missing = this.deps.readSetup.despatchMissing(setup, caller.livemode);
    if (missing.length > 0) {
      throw serviceError(
        SERVICE_ERRORS.company_not_configured,
        `Live despatch advices need the company's digital certificate, SOL user and SUNAT's GRE API credentials. Missing: ${missing.join("; ")}.`,
      );
    }
    const logoKey = await this.deps.logoKey?.(scope);
    const issued = await this.deps.numbering
      .issueDespatchAdvice({
        scope,
        issuer: issuers.toMessage({ ...issuerOf(caller.company), ...(logoKey ? { logo_key: logoKey } : {}) }),
        despatch: advice,
        idempotencyKey: idempotencyKey ?? "",
      })
      .catch((error: unknown) => {
        throw outcomeUnknown(error, idempotencyKey, "guide");
      });
    const document = issued.document;
    if (!document) throw new Error("numbering answered without the document");
    if (waitSeconds <= 0 || document.status !== "pending") return document;
    await this.waitForTicket(scope, document.id, waitSeconds * 1000);
    const res = await this.deps.numbering.getDocument({ scope, id: document.id });
    return res.document ?? document;
  }

  /** Until submission holds SUNAT's ticket for the guide (or a verdict), or the wait ends. */
  private async waitForTicket(
    scope: { companyId: string; livemode: boolean },
    id: string,
    timeoutMs: number,
  ) {
    const until = Date.now() + timeoutMs;
    const pollMs = this.deps.pollMs ?? 200;
    while (Date.now() < until) {
      const submission = await this.deps.submission
        .getSubmission({ scope, documentId: id })
        .catch((error: unknown) => {
          if (error instanceof ConnectError && error.code === Code.NotFound) return null;
          throw error;
        });
      if (submission && (submission.ticket !== "" || submission.state === "done")) return;
      await new Promise((resolve) => setTimeout(resolve, Math.min(pollMs, Math.max(0, until - Date.now()))));
    }
  }
}
