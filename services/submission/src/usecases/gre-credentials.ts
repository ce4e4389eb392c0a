import type { Scope } from "@einvoice/domain";
import { violationsError } from "@einvoice/platform";
import type { GreCredentialStore } from "../adapters/gre-credential-repository.js";
import { greCredentialViolations } from "../domain/gre-credential-violations.js";

/** Stores a company's GRE API pair for one mode after checking it; the secret is kept encrypted. */
export class SetGreCredentials {
  constructor(private readonly credentials: GreCredentialStore) {}

  async execute(scope: Scope, clientId: string, clientSecret: string): Promise<string> {
    const violations = greCredentialViolations(clientId, clientSecret);
    if (violations.length > 0) throw violationsError(violations);
    await this.credentials.set(scope.companyId, scope.livemode, { clientId, clientSecret });
    return clientId;
  }
}
