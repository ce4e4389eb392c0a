import type { ConnectRouter } from "@connectrpc/connect";
import { requireScope } from "@einvoice/platform";
import { SubmissionService } from "@einvoice/proto";
import { progressOf } from "../domain/submission-progress.js";
import type { GetSubmission } from "../usecases/get-submission.js";
import type { SetGreCredentials } from "../usecases/gre-credentials.js";
import type { GetSubmissionSetup, SetSolCredentials } from "../usecases/sol-credentials.js";

export interface SubmissionUseCases {
  getSubmission: GetSubmission;
  setSolCredentials: SetSolCredentials;
  getSubmissionSetup: GetSubmissionSetup;
  setGreCredentials: SetGreCredentials;
  /** The GRE client_id a company stored for the scope's mode, or null. */
  greClientId: (scope: { companyId: string; livemode: boolean }) => Promise<string | null>;
}

/** Translates RPC messages to the use cases and back; nothing else. */
export function submissionRoutes(useCases: SubmissionUseCases) {
  return (router: ConnectRouter) =>
    router.service(SubmissionService, {
      async getSubmission(req) {
        const record = await useCases.getSubmission.execute(requireScope(req.scope), req.documentId);
        return {
          documentId: record._id,
          state: record.state,
          attempts: record.attempts,
          responseCode: record.sunat?.code ?? "",
          description: record.sunat?.description ?? record.last_error ?? "",
          cdrKey: record.cdr_key ?? "",
          simulated: record.sunat?.simulated ?? false,
          ticket: record.ticket ?? "",
          progress: progressOf(record, new Date()),
        };
      },

      async setSolCredentials(req) {
        const solUser = await useCases.setSolCredentials.execute(
          requireScope(req.scope),
          req.user,
          req.password,
        );
        return { solUser };
      },

      async getSubmissionSetup(req) {
        const scope = requireScope(req.scope);
        const [user, greClientId] = await Promise.all([
          useCases.getSubmissionSetup.execute(scope),
          useCases.greClientId(scope),
        ]);
        return {
          hasSolCredentials: user !== null,
          solUser: user ?? "",
          hasGreCredentials: greClientId !== null,
          greClientId: greClientId ?? "",
        };
      },

      async setGreCredentials(req) {
        const clientId = await useCases.setGreCredentials.execute(
          requireScope(req.scope),
          req.clientId,
          req.clientSecret,
        );
        return { clientId };
      },
    });
}
