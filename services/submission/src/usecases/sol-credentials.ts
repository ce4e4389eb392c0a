import type { Scope } from "@einvoice/domain";
import { violationsError } from "@einvoice/platform";
import type { SolCredentialStore } from "../adapters/sol-credential-repository.js";
import { solCredentialViolations } from "../domain/sol-credential-violations.js";

/** Stores a company's SOL pair for one mode after checking it; the password is kept encrypted. */
export class SetSolCredentials {
  constructor(private readonly credentials: SolCredentialStore) {}

  async execute(scope: Scope, user: string, password: string): Promise<string> {
    const violations = solCredentialViolations(user, password);
    if (violations.length > 0) throw violationsError(violations);
    await this.credentials.set(scope.companyId, scope.livemode, { user, password });
    return user;
  }
}

/** The SOL user a company stored for one mode, or null; the password never leaves the service. */
export class GetSubmissionSetup {
  constructor(private readonly credentials: SolCredentialStore) {}

  execute(scope: Scope): Promise<string | null> {
    return this.credentials.findUser(scope.companyId, scope.livemode);
  }
}
