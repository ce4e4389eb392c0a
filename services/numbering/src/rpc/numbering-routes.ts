import type { ConnectRouter } from "@connectrpc/connect";
import type { ComputedDocument, Issuer } from "@einvoice/domain";
import { Code, ConnectError } from "@einvoice/platform";
import { NumberingService, type Scope as ScopeMessage } from "@einvoice/proto";
import type { Scope } from "../adapters/document-repository.js";
import type { GetDocument } from "../usecases/get-document.js";
import type { IssueDocument } from "../usecases/issue-document.js";

export interface NumberingUseCases {
  issueDocument: IssueDocument;
  getDocument: GetDocument;
}

export function toScope(scope: ScopeMessage | undefined): Scope {
  if (!scope?.companyId) throw new ConnectError("scope.company_id is required", Code.InvalidArgument);
  return { companyId: scope.companyId, livemode: scope.livemode };
}

export function numberingRoutes(useCases: NumberingUseCases) {
  return (router: ConnectRouter) =>
    router.service(NumberingService, {
      async issueDocument(req) {
        if (!req.issuer || !req.computed) {
          throw new ConnectError("issuer and computed are required", Code.InvalidArgument);
        }
        const document = await useCases.issueDocument.execute({
          scope: toScope(req.scope),
          issuer: req.issuer as unknown as Issuer,
          computed: req.computed as unknown as ComputedDocument,
        });
        return { document: document as never };
      },
      async getDocument(req) {
        const view = await useCases.getDocument.execute(toScope(req.scope), req.id);
        return { document: view.document as never, files: compact(view.files) };
      },
    });
}

function compact(files: Record<string, string | null>): Record<string, string> {
  return Object.fromEntries(Object.entries(files).filter((e): e is [string, string] => e[1] !== null));
}
