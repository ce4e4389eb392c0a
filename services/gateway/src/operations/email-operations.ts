import { hasIdShape, SERVICE_ERRORS } from "@einvoice/platform";
import { apiError, validationFailed } from "../errors/public-errors.js";
import { scopeOf } from "../http/context.js";
import { presentEmail } from "../http/presenters.js";
import { acceptedDocument } from "../openapi/document-examples.js";
import {
  authenticatedErrors,
  bodyErrors,
  errorResponse,
  SHAPE_CODES,
  WEBHOOK_CODES,
} from "../openapi/error-responses.js";
import { schemaRef } from "../openapi/json-schema.js";
import { json, ok, pathParameter, requestIdHeader } from "../openapi/operation-parts.js";
import { presentedEmail } from "../openapi/presented-document.js";
import { createExamples } from "../openapi/request-examples.js";
import type { DocumentEmailBody } from "../schemas/document-email.schema.js";
import { defineOperation } from "./define-operation.js";
import { documentMissing } from "./document-missing.js";

const documentId = acceptedDocument(createExamples("invoice")[0]!).id;
const emailExample = presentedEmail({
  id: "eml_01JZ8X4E8F0G2H4J6K8M0N2P4Q",
  object: "email",
  document_id: documentId,
  to: ["compras@cliente.com.pe"],
  cc: [],
  status: "queued",
  last_error: null,
  attempts: 0,
  livemode: false,
  created_at: "2026-06-01T15:10:00.000Z",
  updated_at: "2026-06-01T15:10:00.000Z",
});

export const emailDocument = defineOperation({
  method: "post",
  path: "/v1/documents/{id}/email",
  operationId: "emailDocument",
  summary: "Email a document to its customer",
  description:
    "Queues an email with the document's PDF and signed XML attached (and SUNAT's CDR when there is one), a Spanish subject and body naming the issuer, the document and its total. It is sent within seconds; a document whose PDF is not made yet waits for it (up to an hour, without spending attempts). `email.sent` is recorded when the mail server accepts it, `email.failed` (with `last_error`) after 5 failed attempts (10 s, 1 min, 5 min, 30 min apart); both are events of the document (`GET /v1/events?document_id=…`).",
  tags: ["Documents"],
  parameters: [
    pathParameter("id", "The document id (`doc_…`).", {
      type: "string",
      pattern: "^doc_",
      examples: [documentId],
    }),
  ],
  requestBody: {
    description: "The recipients.",
    required: true,
    content: json(schemaRef("DocumentEmailRequest"), {
      one: { summary: "One recipient", value: { to: ["compras@cliente.com.pe"] } },
    }),
  },
  responses: {
    "202": {
      description: "The email, queued. `Location` is `/v1/emails/{id}`.",
      headers: {
        "Request-Id": requestIdHeader,
        Location: { description: "`/v1/emails/{id}` of the queued email.", schema: { type: "string" } },
      },
      content: json(schemaRef("Email"), { queued: { summary: "Queued", value: emailExample } }),
    },
    ...bodyErrors(),
    ...authenticatedErrors(),
    "404": errorResponse("No such document in the key's company and mode.", ["document_missing"]),
    "422": errorResponse(
      "`to` or `cc` is missing, too long, or holds something that is not an email address.",
      ["shape_invalid", "email_invalid"],
      [...SHAPE_CODES, ...WEBHOOK_CODES.filter((code) => code === "email_invalid")],
    ),
  },
  handler:
    ({ deps }) =>
    async (ctx) => {
      const id = ctx.params.id!;
      if (!hasIdShape(id, "doc")) throw documentMissing(id);
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
    },
});

export const getEmail = defineOperation({
  method: "get",
  path: "/v1/emails/{id}",
  operationId: "getEmail",
  summary: "Retrieve an email",
  description: "An email of a document, with its status and last error.",
  tags: ["Documents"],
  parameters: [
    pathParameter("id", "An email id (`eml_…`).", {
      type: "string",
      pattern: "^eml_",
      examples: [emailExample.id],
    }),
  ],
  responses: {
    "200": ok("The email.", schemaRef("Email"), {
      sent: { summary: "Sent", value: { ...emailExample, status: "sent", attempts: 1 } },
    }),
    ...authenticatedErrors(),
    "404": errorResponse("No such email in the key's company and mode.", ["email_missing"]),
  },
  handler:
    ({ deps }) =>
    async (ctx) => {
      const id = ctx.params.id!;
      if (!hasIdShape(id, "eml"))
        throw apiError(SERVICE_ERRORS.resource_missing, `No such email: '${id.slice(0, 40)}'`);
      const res = await deps.notification.getEmail({ scope: scopeOf(ctx.state.caller), id });
      ctx.body = presentEmail(res.email);
    },
});
