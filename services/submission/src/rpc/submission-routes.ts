import type { ConnectRouter } from "@connectrpc/connect";
import { Code, ConnectError, notFound, violationsError } from "@einvoice/platform";
import { SubmissionService } from "@einvoice/proto";
import type { Store } from "@einvoice/store";
import type { SolCredentialStore } from "../adapters/sol-credential-repository.js";
import { SubmissionRepository } from "../adapters/submission-repository.js";
import { solCredentialViolations } from "./sol-credential-violations.js";

const requireScope = (scope: { companyId: string; livemode: boolean } | undefined) => {
  if (!scope?.companyId) throw new ConnectError("scope.company_id is required", Code.InvalidArgument);
  return { companyId: scope.companyId, livemode: scope.livemode };
};

export function submissionRoutes(store: Store, solCredentials: SolCredentialStore) {
  return (router: ConnectRouter) =>
    router.service(SubmissionService, {
      async getSubmission(req) {
        if (!req.scope?.companyId)
          throw new ConnectError("scope.company_id is required", Code.InvalidArgument);
        const record = await new SubmissionRepository(store).find(
          req.scope.companyId,
          req.scope.livemode,
          req.documentId,
        );
        if (!record) throw notFound("submission", req.documentId);
        return {
          documentId: record._id,
          state: record.state,
          attempts: record.attempts,
          responseCode: record.sunat?.code ?? "",
          description: record.sunat?.description ?? record.last_error ?? "",
          cdrKey: record.cdr_key ?? "",
          simulated: record.sunat?.simulated ?? false,
        };
      },

      async setSolCredentials(req) {
        const { companyId, livemode } = requireScope(req.scope);
        const violations = solCredentialViolations(req.user, req.password);
        if (violations.length > 0) throw violationsError(violations);
        await solCredentials.set(companyId, livemode, { user: req.user, password: req.password });
        return { solUser: req.user };
      },

      async getSubmissionSetup(req) {
        const { companyId, livemode } = requireScope(req.scope);
        const user = await solCredentials.findUser(companyId, livemode);
        return { hasSolCredentials: user !== null, solUser: user ?? "" };
      },
    });
}
