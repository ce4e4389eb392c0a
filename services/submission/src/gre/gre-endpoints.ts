import type { GreCredentials } from "../adapters/gre-credential-repository.js";
import { SolCredentialsMissingError, type SunatEndpoints } from "../adapters/sunat-endpoints.js";

export interface GreModeEndpoints {
  /** api-seguridad (OAuth2 tokens). */
  securityUrl: string;
  /** api-cpe (send, ticket status). */
  cpeUrl: string;
  simulated: boolean;
}

/** Where and as whom one guide is sent over SUNAT's GRE REST API. */
export interface GreEndpoint extends GreModeEndpoints {
  clientId: string;
  clientSecret: string;
  /** The token's `username`: RUC + SOL user. */
  username: string;
  password: string;
}

export interface GreCredentialSource {
  find(companyId: string, livemode: boolean): Promise<GreCredentials | null>;
}

/**
 * Resolves a guide's endpoints by mode and its credentials by company: the company's GRE pair and SOL user, or
 * in test mode the configured test pair (SUNAT has no public GRE sandbox, so test mode talks to the simulator).
 */
export class GreEndpoints {
  constructor(
    private readonly modes: { test: GreModeEndpoints; live: GreModeEndpoints },
    private readonly testFallback: GreCredentials,
    private readonly gre: GreCredentialSource,
    private readonly sol: SunatEndpoints,
  ) {}

  async resolve(target: { company_id: string; livemode: boolean; ruc: string }): Promise<GreEndpoint> {
    const mode = target.livemode ? this.modes.live : this.modes.test;
    const stored = await this.gre.find(target.company_id, target.livemode);
    const credentials = stored ?? (target.livemode ? null : this.testFallback);
    if (!credentials) {
      throw new SolCredentialsMissingError(`company ${target.company_id} has no live GRE API credentials`);
    }
    const sol = await this.sol.resolve(target);
    return {
      ...mode,
      clientId: credentials.clientId,
      clientSecret: credentials.clientSecret,
      username: `${target.ruc}${sol.solUser}`,
      password: sol.solPassword,
    };
  }
}
