import { type DocumentResource, FINAL_STATUSES, type Issuer } from "@einvoice/domain";
import { Code, hasIdShape, reasonError } from "@einvoice/platform";
import type { Router } from "@koa/router";
import type { Context } from "koa";
import type { CompanyRecord } from "../adapters/company-repository.js";
import { ApiError, validationFailed } from "../errors/public-errors.js";
import type { ReadCompanySetup } from "../usecases/read-company-setup.js";
import { type AuthedState, type GatewayDeps, scopeOf } from "./context.js";

/** `Prefer: wait=N` (RFC 7240), capped; 0 when absent. */
export function preferredWait(header: string | undefined, maxSeconds: number): number {
  const match = /(?:^|[,;\s])wait=(\d+)/i.exec(header ?? "");
  return match ? Math.min(Number(match[1]), maxSeconds) : 0;
}

export function issuerOf(company: CompanyRecord): Issuer {
  const { address } = company;
  return {
    ruc: company.ruc,
    legal_name: company.legal_name,
    ...(company.trade_name ? { trade_name: company.trade_name } : {}),
    address: {
      line: address.line,
      establishment_code: address.establishment_code,
      country_code: address.country_code,
      ...(address.ubigeo ? { ubigeo: address.ubigeo } : {}),
      ...(address.district ? { district: address.district } : {}),
      ...(address.province ? { province: address.province } : {}),
      ...(address.department ? { department: address.department } : {}),
    },
  };
}

const notFound = (id: string) =>
  new ApiError(404, "invalid_request_error", "resource_missing", `No such document: '${id}'`, "id");

export function documentRoutes(router: Router<AuthedState>, deps: GatewayDeps, readSetup: ReadCompanySetup) {
  const getDocument = async (ctx: Context & { state: AuthedState }, id: string) => {
    if (!hasIdShape(id, "doc")) throw notFound(id);
    const res = await deps.numbering.getDocument({ scope: scopeOf(ctx.state.caller), id });
    return res;
  };

  const create = (type: "01" | "03") => async (ctx: Context & { state: AuthedState }) => {
    const body = ctx.request.body;
    const shapeErrors = deps.validator.invoice(body);
    if (shapeErrors.length > 0) throw validationFailed(shapeErrors);
    const { caller } = ctx.state;
    const scope = scopeOf(caller);

    // Every check happens before numbering: a failure here spends no number.
    const { document: computed } = await deps.tax.computeDocument({ type, request: body as never });
    if (caller.livemode) {
      const { missing } = await readSetup.execute(scope);
      if (missing.length > 0) {
        throw reasonError(
          Code.FailedPrecondition,
          "company_not_configured",
          `Live mode needs the company's digital certificate and SOL user. Missing: ${missing.join("; ")}.`,
        );
      }
    }
    const issued = await deps.numbering.issueDocument({
      scope,
      issuer: issuerOf(caller.company) as never,
      computed,
    });
    let document = issued.document as unknown as DocumentResource;

    const wait = preferredWait(ctx.get("prefer"), deps.maxWaitSeconds);
    if (wait > 0) {
      document = await deps.waiter.waitForFinal(document.id, wait * 1000, async () => {
        const res = await deps.numbering.getDocument({ scope, id: document.id });
        return res.document as unknown as DocumentResource;
      });
      ctx.set("Preference-Applied", `wait=${wait}`);
    }
    ctx.set("Location", `/v1/documents/${document.id}`);
    ctx.status = FINAL_STATUSES.includes(document.status) ? 201 : 202;
    ctx.body = document;
  };

  router.post("/v1/invoices", create("01"));
  router.post("/v1/receipts", create("03"));

  router.get("/v1/documents/:id", async (ctx) => {
    const res = await getDocument(ctx, ctx.params.id!);
    ctx.body = res.document;
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
    const key = res.files[kind];
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
