/** Where and as whom one document is sent. */
export interface SunatEndpoint {
  billUrl: string;
  /** billConsultService; null where none exists (SUNAT's beta has none), so lost replies are resolved by resending. */
  consultUrl: string | null;
  /** SOL user without the RUC (the SOAP username is RUC + user). */
  solUser: string;
  solPassword: string;
  /** True when the endpoint is our simulator: verdicts then carry `simulated: true`. */
  simulated: boolean;
}

/** The company has no SOL credentials for live mode; submission waits (until the deadline) for an operator. */
export class SolCredentialsMissingError extends Error {
  override readonly name = "SolCredentialsMissingError";
}

export interface SolCredentialSource {
  find(companyId: string, livemode: boolean): Promise<{ user: string; password: string } | null>;
}

export interface ModeEndpoints {
  billUrl: string;
  consultUrl: string | null;
  simulated: boolean;
}

/**
 * Resolves endpoints by mode (beta or simulator for test, production for live) and SOL credentials by company:
 * a company's own pair when stored, else, in test mode only, the configured public test pair.
 */
export class SunatEndpoints {
  constructor(
    private readonly modes: { test: ModeEndpoints; live: ModeEndpoints },
    private readonly testFallback: { user: string; password: string },
    private readonly sol: SolCredentialSource,
  ) {}

  async resolve(target: { company_id: string; livemode: boolean }): Promise<SunatEndpoint> {
    const mode = target.livemode ? this.modes.live : this.modes.test;
    const stored = await this.sol.find(target.company_id, target.livemode);
    const credentials = stored ?? (target.livemode ? null : this.testFallback);
    if (!credentials) {
      throw new SolCredentialsMissingError(`company ${target.company_id} has no live SOL credentials`);
    }
    return {
      billUrl: mode.billUrl,
      consultUrl: mode.consultUrl,
      solUser: credentials.user,
      solPassword: credentials.password,
      simulated: mode.simulated,
    };
  }
}
