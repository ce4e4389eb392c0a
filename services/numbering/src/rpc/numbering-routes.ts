import type { ConnectRouter } from "@connectrpc/connect";
import { computedDocuments, despatchAdvices, documentMessage, issuers } from "@einvoice/contracts";
import type { Scope } from "@einvoice/domain";
import {
  Code,
  ConnectError,
  itemErrorOf,
  type Logger,
  logUnexpectedRpcError,
  requireScope,
} from "@einvoice/platform";
import { type GetDocumentRequest, type IssueDocumentRequest, NumberingService } from "@einvoice/proto";
import type { DocumentView, GetDocument, GetDocuments, ListDocuments } from "../usecases/get-document.js";
import type { IssueDespatchAdvice } from "../usecases/issue-despatch-advice.js";
import type { IssueDocument } from "../usecases/issue-document.js";
import type { VoidDocument } from "../usecases/void-document.js";

export interface NumberingUseCases {
  issueDocument: IssueDocument;
  issueDespatchAdvice: IssueDespatchAdvice;
  getDocument: GetDocument;
  getDocuments: GetDocuments;
  listDocuments: ListDocuments;
  voidDocument: VoidDocument;
}

/** The most documents one IssueDocuments call may carry (the gateway sends at most 64). */
export const MAX_ISSUE_BATCH = 256;
/** Documents one GetDocuments call may read. */
export const MAX_GET_BATCH = 64;

/** Translates RPC messages to the use cases' domain values and back; nothing else. */
export function numberingRoutes(useCases: NumberingUseCases, logger: Logger) {
  const getDocument = async (req: GetDocumentRequest) =>
    viewMessage(await useCases.getDocument.execute(requireScope(req.scope), req.id));
  const viewMessage = (view: DocumentView) => {
    const { files } = view;
    return {
      document: documentMessage(view.document),
      files: {
        xml: files.xml ?? undefined,
        cdr: files.cdr ?? undefined,
        pdf: files.pdf ?? undefined,
        pdfTicket: files.pdf_ticket ?? undefined,
      },
      issuer: issuers.toMessage(view.issuer),
      ...(view.computed ? { computed: computedDocuments.toMessage(view.computed) } : {}),
    };
  };
  const issueDocument = async (req: IssueDocumentRequest) => {
    const document = await useCases.issueDocument.execute({
      scope: requireScope(req.scope),
      issuer: issuers.fromMessage(req.issuer, "issuer"),
      computed: computedDocuments.fromMessage(req.computed, "computed"),
      ...(req.idempotencyKey ? { idempotencyKey: req.idempotencyKey } : {}),
    });
    return documentMessage(document);
  };
  return (router: ConnectRouter) =>
    router.service(NumberingService, {
      async issueDocument(req) {
        return { document: await issueDocument(req) };
      },
      // Every item at once: they join the same group commit of the register (IssueQueue).
      async issueDocuments(req) {
        if (req.items.length > MAX_ISSUE_BATCH)
          throw new ConnectError(
            `at most ${MAX_ISSUE_BATCH} documents per call (got ${req.items.length})`,
            Code.InvalidArgument,
          );
        const results = await Promise.all(
          req.items.map(async (item) => {
            try {
              return { outcome: { case: "document" as const, value: await issueDocument(item) } };
            } catch (error) {
              logUnexpectedRpcError(logger, "IssueDocuments", error);
              return { outcome: { case: "error" as const, value: itemErrorOf(error) } };
            }
          }),
        );
        return { results };
      },
      async issueDespatchAdvice(req) {
        const document = await useCases.issueDespatchAdvice.execute({
          scope: requireScope(req.scope),
          issuer: issuers.fromMessage(req.issuer, "issuer"),
          despatch: despatchAdvices.fromMessage(req.despatch, "despatch"),
          ...(req.idempotencyKey ? { idempotencyKey: req.idempotencyKey } : {}),
        });
        return { document: documentMessage(document) };
      },
      async getDocument(req) {
        return getDocument(req);
      },
      // The renderer's batch: one call instead of one per signed document; each item fails on its own.
      async getDocuments(req) {
        if (req.items.length > MAX_GET_BATCH)
          throw new ConnectError(
            `at most ${MAX_GET_BATCH} documents per call (got ${req.items.length})`,
            Code.InvalidArgument,
          );
        // An item whose scope is invalid fails on its own; the others are read together.
        const requested = req.items.map((item) => {
          try {
            return { scope: requireScope(item.scope), id: item.id };
          } catch (error) {
            return error instanceof Error ? error : new Error(String(error));
          }
        });
        const valid = requested.filter(
          (item): item is { scope: Scope; id: string } => !(item instanceof Error),
        );
        const views = (await useCases.getDocuments.execute(valid)).values();
        const results = requested.map((item) => {
          const view = item instanceof Error ? item : views.next().value!;
          if (!(view instanceof Error))
            return { outcome: { case: "document" as const, value: viewMessage(view) } };
          logUnexpectedRpcError(logger, "GetDocuments", view);
          return { outcome: { case: "error" as const, value: itemErrorOf(view) } };
        });
        return { results };
      },
      async listDocuments(req) {
        const optional = (value: string) => value || undefined;
        const page = await useCases.listDocuments.execute(requireScope(req.scope), {
          limit: req.limit || 10,
          startingAfter: optional(req.startingAfter),
          endingBefore: optional(req.endingBefore),
          type: optional(req.type),
          series: optional(req.series),
          status: optional(req.status),
          issueDateGte: optional(req.issueDateGte),
          issueDateLte: optional(req.issueDateLte),
          customerDocumentNumber: optional(req.customerDocumentNumber),
          referenceDocumentId: optional(req.referenceDocumentId),
        });
        return { documents: page.documents.map(documentMessage), hasMore: page.hasMore };
      },
      async voidDocument(req) {
        const document = await useCases.voidDocument.execute(requireScope(req.scope), req.id, req.reason);
        return { document: documentMessage(document) };
      },
    });
}
