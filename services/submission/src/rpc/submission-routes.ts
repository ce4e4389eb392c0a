import type { ConnectRouter } from "@connectrpc/connect";
import { Code, ConnectError, notFound } from "@einvoice/platform";
import { SubmissionService } from "@einvoice/proto";
import type { Store } from "@einvoice/store";
import { SubmissionRepository } from "../adapters/submission-repository.js";

export function submissionRoutes(store: Store) {
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
    });
}
