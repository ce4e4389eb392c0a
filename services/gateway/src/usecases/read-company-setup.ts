import type { Client } from "@connectrpc/connect";
import type { Certificate, SigningService, SubmissionService } from "@einvoice/proto";

export interface CompanySetup {
  /** The certificate signing holds for the mode; absent when none is stored yet. */
  certificate: Certificate | undefined;
  /** The SOL user the submission service holds for the mode; null when none. */
  solUser: string | null;
  /** The GRE API client_id the submission service holds for the mode; null when none. */
  greClientId: string | null;
  /** What the mode still lacks before it can issue, each naming how to fix it; empty when ready. */
  missing: string[];
}

/**
 * What a company has configured for one mode, asked of the services that own each part: signing (the
 * certificate) and submission (the SOL user). Live mode needs both, and a certificate that has not expired;
 * test mode needs neither (a test certificate is made on first use and SUNAT beta takes a public SOL pair).
 */
export class ReadCompanySetup {
  constructor(
    private readonly signing: Client<typeof SigningService>,
    private readonly submission: Client<typeof SubmissionService>,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async execute(scope: { companyId: string; livemode: boolean }): Promise<CompanySetup> {
    const [signing, submission] = await Promise.all([
      this.signing.getSigningStatus({ scope }),
      this.submission.getSubmissionSetup({ scope }),
    ]);
    const solUser = submission.hasSolCredentials ? submission.solUser : null;
    const missing: string[] = [];
    if (scope.livemode) {
      const expiresAt = signing.certificate?.expiresAt;
      if (!signing.hasCertificate)
        missing.push("the digital certificate (upload it with PUT /v1/company/certificate)");
      else if (expiresAt && new Date(expiresAt) <= this.clock())
        missing.push(
          `a valid digital certificate (the uploaded one expired on ${expiresAt}; upload a new one with PUT /v1/company/certificate)`,
        );
      if (solUser === null) missing.push("the SOL user (set it with PUT /v1/company/sol_credentials)");
    }
    const greClientId = submission.hasGreCredentials ? submission.greClientId : null;
    return { certificate: signing.certificate, solUser, greClientId, missing };
  }

  /**
   * What the mode lacks to issue despatch advices: live mode needs, besides the certificate and the SOL user, the
   * GRE API credentials (spec despatch rule 13). Test mode sends guides to the simulator with its test pair.
   */
  despatchMissing(setup: CompanySetup, livemode: boolean): string[] {
    if (!livemode || setup.greClientId !== null) return setup.missing;
    return [
      ...setup.missing,
      "the GRE API credentials client_id and client_secret (set them with PUT /v1/company/gre_credentials)",
    ];
  }
}
