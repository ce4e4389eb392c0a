import type { DocumentResource } from "@einvoice/domain";
import { hasIdShape } from "@einvoice/platform";
import { validationFailed } from "../errors/public-errors.js";
import { linkSignerFor, scopeOf } from "../http/context.js";
import { presentDocument } from "../http/presenters.js";
import { acceptedDocument } from "../openapi/document-examples.js";
import { authenticatedErrors, bodyErrors, errorResponse, SHAPE_CODES } from "../openapi/error-responses.js";
import { schemaRef } from "../openapi/json-schema.js";
import { json, pathParameter, requestIdHeader } from "../openapi/operation-parts.js";
import { createExamples } from "../openapi/request-examples.js";
import type { DocumentVoidBody } from "../schemas/document-void.schema.js";
import { defineOperation } from "./define-operation.js";
import { documentMissing } from "./document-missing.js";

const accepted = acceptedDocument(createExamples("invoice")[0]!);
const voiding: DocumentResource = {
  ...accepted,
  updated_at: "2026-06-02T10:00:00.000Z",
  void: {
    status: "pending",
    reason: "Error en el RUC del cliente",
    requested_at: "2026-06-02T10:00:00.000Z",
    summary_id: null,
    ticket: null,
    sunat: null,
    failure: null,
    completed_at: null,
  },
};

/**
 * `POST /v1/documents/{id}/void`. The answer is the Document with `void.status` pending (202): a void has no life
 * of its own beyond the document (one at a time, its outcome changes the document), so callers follow it on the
 * document and its events.
 */
export const voidDocument = defineOperation({
  method: "post",
  path: "/v1/documents/{id}/void",
  operationId: "voidDocument",
  summary: "Void a document",
  description:
    "Asks SUNAT to void an accepted or observed invoice or receipt, within 7 calendar days of its issue date (Lima). Invoices (and their notes) travel in a comunicación de baja (RA, `RUC-RA-YYYYMMDD-N`), receipts as a resumen diario line with condition code 3 (RC, `RUC-RC-YYYYMMDD-N`). Voids of one company and mode requested within `VOID_BATCH_WINDOW_MS` (2 s) of each other, for documents of the same issue date, share one summary. SUNAT answers through a ticket: seconds to minutes later the document becomes `voided` (`document.voided`), or `void.status` becomes `failed` and the document keeps its status (`document.void_failed`, SUNAT's code in `void.sunat`); a failed void may be requested again. The answer is the Document with `void.status` `pending`: a void lives on its document (one at a time), so follow it there or by its events.",
  tags: ["Documents"],
  parameters: [
    pathParameter("id", "The document id (`doc_…`).", {
      type: "string",
      pattern: "^doc_",
      examples: [accepted.id],
    }),
  ],
  requestBody: {
    description: "The reason.",
    required: true,
    content: json(schemaRef("DocumentVoidRequest"), {
      reason: { summary: "A reason", value: { reason: "Error en el RUC del cliente" } },
    }),
  },
  responses: {
    "202": {
      description: "The Document, its `void` pending. `Location` is the document.",
      headers: {
        "Request-Id": requestIdHeader,
        Location: { description: "`/v1/documents/{id}`.", schema: { type: "string" } },
      },
      content: json(schemaRef("Document"), { pending: { summary: "Void pending", value: voiding } }),
    },
    ...bodyErrors(),
    ...authenticatedErrors(),
    "404": errorResponse("No such document in the key's company and mode.", ["document_missing"]),
    "409": errorResponse(
      "The document cannot be voided now: not accepted (pending or rejected), a void already running, already voided, or a despatch advice (voided only in SUNAT's portal).",
      ["document_not_voidable", "void_in_progress", "document_already_voided", "despatch_void_in_portal"],
    ),
    "422": errorResponse(
      "`reason` is missing, empty, over 100 characters or holds control characters; or the 7-day window after the issue date has passed (`param` `issue_date`).",
      ["void_reason_invalid", "void_window_closed"],
      SHAPE_CODES,
    ),
  },
  handler:
    ({ deps }) =>
    async (ctx) => {
      const id = ctx.params.id!;
      if (!hasIdShape(id, "doc")) throw documentMissing(id);
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
    },
});
