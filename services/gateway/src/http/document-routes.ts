import { isFinalStatus, type SaleDocumentType } from "@einvoice/domain";
import { hasIdShape } from "@einvoice/platform";
import type { Router } from "@koa/router";
import type { Context } from "koa";
import { ApiError, validationFailed } from "../errors/public-errors.js";
import type { CreateDocument } from "../usecases/create-document.js";
import { type AuthedState, type GatewayDeps, scopeOf } from "./context.js";
import { presentDocument } from "./presenters.js";

/** `Prefer: wait=N` (RFC 7240), capped; 0 when absent. */
export function preferredWait(header: string | undefined, maxSeconds: number): number {
  const match = /(?:^|[,;\s])wait=(\d+)/i.exec(header ?? "");
  return match ? Math.min(Number(match[1]), maxSeconds) : 0;
}

const notFound = (id: string) =>
  new ApiError(404, "invalid_request_error", "resource_missing", `No such document: '${id}'`, "id");

export function documentRoutes(
  router: Router<AuthedState>,
  deps: GatewayDeps,
  createDocument: CreateDocument,
) {
  const getDocument = async (ctx: Context & { state: AuthedState }, id: string) => {
    if (!hasIdShape(id, "doc")) throw notFound(id);
    const res = await deps.numbering.getDocument({ scope: scopeOf(ctx.state.caller), id });
    return res;
  };

  const create = (type: SaleDocumentType) => async (ctx: Context & { state: AuthedState }) => {
    const shape = deps.validator.invoiceRequest(ctx.request.body);
    if (!shape.request) throw validationFailed(shape.violations);
    const waitSeconds = preferredWait(ctx.get("prefer"), deps.maxWaitSeconds);
    const document = await createDocument.execute({
      caller: ctx.state.caller,
      type,
      request: shape.request,
      waitSeconds,
      ...(ctx.state.idempotencyKey ? { idempotencyKey: ctx.state.idempotencyKey } : {}),
    });
    if (waitSeconds > 0) ctx.set("Preference-Applied", `wait=${waitSeconds}`);
    ctx.set("Location", `/v1/documents/${document.id}`);
    ctx.status = isFinalStatus(document.status) ? 201 : 202;
    ctx.body = presentDocument(document);
  };

  router.post("/v1/invoices", create("01"));
  router.post("/v1/receipts", create("03"));

  router.get("/v1/documents/:id", async (ctx) => {
    const res = await getDocument(ctx, ctx.params.id!);
    ctx.body = presentDocument(res.document);
  });

  const FILES = {
    xml: { type: "application/xml", name: (n: string) => n },
    cdr: { type: "application/zip", name: (n: string) => n },
    pdf: { type: "application/pdf", name: (n: string) => n },
  } as const;
  router.get("/v1/files/:id/:kind", async (ctx) => {
    const kind = ctx.params.kind as keyof typeof FILES;
    if (!(kind in FILES))
      throw new ApiError(
        404,
        "invalid_request_error",
        "resource_missing",
        `No such file kind: '${kind}'`,
        "kind",
      );
    const res = await getDocument(ctx, ctx.params.id!);
    const key = res.files?.[kind];
    const object = key ? await deps.objects.get(key) : null;
    if (!key || !object)
      throw new ApiError(
        404,
        "invalid_request_error",
        "resource_missing",
        `The ${kind} of this document is not available (yet).`,
        "kind",
      );
    ctx.set("Content-Type", object.contentType);
    ctx.set("Content-Disposition", `attachment; filename="${key.split("/").pop()}"`);
    ctx.body = object.body;
  });
}
