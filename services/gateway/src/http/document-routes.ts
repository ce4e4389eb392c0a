import type { SaleDocumentType } from "@einvoice/domain";
import { hasIdShape, SERVICE_ERRORS } from "@einvoice/platform";
import type { Router } from "@koa/router";
import type { Context } from "koa";
import { apiError, validationFailed } from "../errors/public-errors.js";
import type { DocumentEmailBody } from "../schemas/document-email.schema.js";
import type { DocumentVoidBody } from "../schemas/document-void.schema.js";
import type { CreateDocument } from "../usecases/create-document.js";
import { ReadDocument } from "../usecases/read-document.js";
import { type AuthedState, type GatewayDeps, linkSignerFor, scopeOf } from "./context.js";
import { documentCreate } from "./created-document.js";
import { listDocumentsRequest } from "./document-list-query.js";
import { presentDocument, presentEmail } from "./presenters.js";

const notFound = (id: string) => apiError(SERVICE_ERRORS.resource_missing, `No such document: '${id}'`);

export function documentRoutes(
  router: Router<AuthedState>,
  deps: GatewayDeps,
  createDocument: CreateDocument,
) {
  const readDocument = new ReadDocument(deps);
  const getDocument = async (ctx: Context & { state: AuthedState }, id: string) => {
    if (!hasIdShape(id, "doc")) throw notFound(id);
    const { document } = await readDocument.execute(scopeOf(ctx.state.caller), id);
    return document;
  };

  const create = (type: SaleDocumentType) =>
    documentCreate(
      deps,
      (body) => deps.validator.invoiceRequest(body),
      (command) => createDocument.execute({ ...command, type }),
    );

  router.post("/v1/invoices", create("01"));
  router.post("/v1/receipts", create("03"));

  router.get("/v1/documents", async (ctx) => {
    const res = await deps.numbering.listDocuments(
      listDocumentsRequest(ctx.query, scopeOf(ctx.state.caller)),
    );
    const sign = linkSignerFor(deps, ctx.state);
    ctx.body = {
      object: "list",
      url: "/v1/documents",
      has_more: res.hasMore,
      data: res.documents.map((document) => presentDocument(document, sign)),
    };
  });

  router.post("/v1/documents/:id/email", async (ctx) => {
    const id = ctx.params.id!;
    if (!hasIdShape(id, "doc")) throw notFound(id);
    const violations = deps.validator.documentEmail(ctx.request.body);
    if (violations.length > 0) throw validationFailed(violations);
    const body = ctx.request.body as DocumentEmailBody;
    const res = await deps.notification.sendDocumentEmail({
      scope: scopeOf(ctx.state.caller),
      documentId: id,
      to: body.to,
      cc: body.cc ?? [],
    });
    ctx.status = 202;
    ctx.set("Location", `/v1/emails/${res.email?.id}`);
    ctx.body = presentEmail(res.email);
  });

  // The answer is the Document with `void.status` pending (202): a void has no life of its own beyond the
  // document (one at a time, its outcome changes the document), so callers follow it on the document and events.
  router.post("/v1/documents/:id/void", async (ctx) => {
    const id = ctx.params.id!;
    if (!hasIdShape(id, "doc")) throw notFound(id);
    const violations = deps.validator.documentVoid(ctx.request.body);
    if (violations.length > 0) throw validationFailed(violations);
    const body = ctx.request.body as DocumentVoidBody;
    const res = await deps.numbering.voidDocument({
      scope: scopeOf(ctx.state.caller),
      id,
      reason: body.reason,
    });
    ctx.status = 202;
    ctx.set("Location", `/v1/documents/${id}`);
    ctx.body = presentDocument(res.document, linkSignerFor(deps, ctx.state));
  });

  router.get("/v1/emails/:id", async (ctx) => {
    const id = ctx.params.id!;
    if (!hasIdShape(id, "eml"))
      throw apiError(SERVICE_ERRORS.resource_missing, `No such email: '${id.slice(0, 40)}'`);
    const res = await deps.notification.getEmail({ scope: scopeOf(ctx.state.caller), id });
    ctx.body = presentEmail(res.email);
  });

  router.get("/v1/documents/:id", async (ctx) => {
    const document = await getDocument(ctx, ctx.params.id!);
    ctx.body = presentDocument(document, linkSignerFor(deps, ctx.state));
  });
}
