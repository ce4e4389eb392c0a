import { documentCreate, type Shaped } from "../http/created-document.js";
import { DESPATCH_REQUESTS, pendingGuide } from "../openapi/despatch-examples.js";
import { SHAPE_CODES, TAX_CODES, taxCodes } from "../openapi/error-responses.js";
import { schemaRef } from "../openapi/json-schema.js";
import { createdDocumentHeaders, json } from "../openapi/operation-parts.js";
import { defineOperation } from "./define-operation.js";
import { documentCreateErrors, documentCreateParameters } from "./document-create-parts.js";

const names = Object.keys(DESPATCH_REQUESTS) as (keyof typeof DESPATCH_REQUESTS)[];

/** `POST /v1/despatch_advices`: sender (T…, 09) and carrier (V…, 31) guides, with the create contract of every document. */
export const createDespatchAdvice = defineOperation({
  method: "post",
  path: "/v1/despatch_advices",
  operationId: "createDespatchAdvice",
  summary: "Issue a despatch advice (guía de remisión, 09 or 31)",
  description: [
    "Issues an electronic despatch advice (GRE): series `T…` a sender guide (`09`, issued by whoever sends the goods), series `V…` a carrier guide (`31`, issued by the transporter). A guide has no currency or amounts: `currency`, `total` and `amounts` are null and the transport data is echoed in `despatch`.",
    "**What happens.** The gateway checks the shape and every despatch rule (transport mode, roles by reason, dates, ubigeo, plates, drivers' licences; each violation a 422 naming its dotted field) before the next number of the series is assigned. The guide is then signed (UBL 2.1 DespatchAdvice, GRE 2022 format) and sent to SUNAT's GRE REST API, which answers with a ticket; the verdict arrives later as an event (`document.accepted`, `document.observed`, `document.rejected`), on `GET /v1/documents/{id}` and by webhook. SUNAT accepts a guide only until the day after its issue date.",
    "**`Prefer: wait=N`** returns as soon as SUNAT's ticket exists (at most N seconds): the Document is still `pending` and `sunat` is null.",
    "**Live mode** needs the certificate, the SOL user and SUNAT's GRE API credentials (`PUT /v1/company/gre_credentials`); otherwise 409 `company_not_configured` names what is missing, and no number is spent. Test mode sends guides to the bundled simulator (SUNAT has no public GRE sandbox).",
    "A guide is never voided through the API: `POST /v1/documents/{id}/void` answers 409; void it in SUNAT's portal (before transport starts, or when the recipient changes).",
  ].join("\n\n"),
  tags: ["Documents"],
  parameters: documentCreateParameters,
  requestBody: {
    description: "The guide's transport data.",
    required: true,
    content: json(
      schemaRef("DespatchAdviceRequest"),
      Object.fromEntries(names.map((name) => [name, DESPATCH_REQUESTS[name]])),
    ),
  },
  responses: {
    "202": {
      description:
        "The guide is numbered and `pending` (with `Prefer: wait=N`, once SUNAT's ticket exists or N seconds passed). Each example answers the request example of the same name.",
      headers: createdDocumentHeaders,
      content: json(
        schemaRef("Document"),
        Object.fromEntries(
          names.map((name, i) => [
            name,
            { summary: DESPATCH_REQUESTS[name].summary, value: pendingGuide(name, i) },
          ]),
        ),
      ),
    },
    ...documentCreateErrors({
      conflict:
        "Live mode without the certificate, SOL user or GRE API credentials (the message names what is missing; no number is spent), or a request with the same `Idempotency-Key` is still running.",
      refused:
        "A check failed; no number is spent. `errors` lists every failed check with the dotted `param` of its field (`drivers.1.license`, `origin.ubigeo`…): first the body's shape, then the despatch rules.",
      refusedBy: "shape_only",
      refusedCodes: [
        ...SHAPE_CODES,
        ...TAX_CODES.filter((c) =>
          [
            "required",
            "invalid_date",
            "issue_date_in_future",
            "issue_date_too_old",
            "invalid_ruc",
            "invalid_dni",
            "invalid_document_number",
            "unknown_document_type",
            "invalid_length",
            "invalid_characters",
            "invalid_number",
            "too_many_decimals",
            "must_be_positive",
            "too_many_items",
            "invalid_series",
            "invalid_request",
            "invalid_unit_code",
          ].includes(c),
        ),
        ...taxCodes("despatch"),
      ],
    }),
  },
  handler: ({ deps, issuing }) =>
    documentCreate(
      deps,
      (body): Shaped<unknown> => {
        // The shape first; its rules are checked afterwards by validateDespatchAdvice.
        const violations = deps.validator.despatchAdvice(body);
        return violations.length > 0 ? { request: null, violations } : { request: body, violations: [] };
      },
      ({ request, ...command }) => issuing.createDespatchAdvice.execute({ ...command, body: request }),
    ),
});
