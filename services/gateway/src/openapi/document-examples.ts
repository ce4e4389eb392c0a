import type { DocumentResource, EventResource } from "@einvoice/domain";
import { listPage, type PublicList } from "./list-schema.js";
import { presentedDocument, presentedDocumentEvent } from "./presented-document.js";
import { CREATE_EXAMPLES, type CreateExample } from "./request-examples.js";

/**
 * The documented Documents and Events: each create example as the platform answers it. Ids, times and the hash
 * are examples; amounts and customer are the example's `computed`, which tests check against the tax engine and
 * the running system.
 */

const FILES_BASE = "http://127.0.0.1:8080/v1/files";
const CREATED_AT = "2026-06-01T15:04:05.123Z";
const DECIDED_AT = "2026-06-01T15:04:06.456Z";

/** Deterministic example ids: the prefix, then 26 characters of the id alphabet. */
const exampleId = (prefix: "doc" | "evt", index: number) =>
  `${prefix}_01JZ8X3M5Q7R9T1V3W5Y7Z9B${String(index).padStart(2, "0")}`;

const TYPE = { invoice: "01", receipt: "03" } as const;
const LABEL = { invoice: "La Factura", receipt: "La Boleta de Venta" } as const;

/** The Document answered for `example` once SUNAT accepted it (201 with `Prefer: wait=N`, or a later read). */
export function acceptedDocument(example: CreateExample): DocumentResource {
  const index = CREATE_EXAMPLES.indexOf(example);
  const id = exampleId("doc", index);
  const series = String(example.request.series);
  return presentedDocument({
    id,
    object: "document",
    type: TYPE[example.kind],
    series,
    number: 1,
    status: "accepted",
    issue_date: "2026-06-01",
    currency: example.computed.currency,
    total: example.computed.total,
    amounts: example.computed.amounts,
    customer: example.computed.customer,
    sunat: {
      code: "0",
      description: `${LABEL[example.kind]} numero ${series}-1, ha sido aceptada`,
      notes: [],
      simulated: true,
    },
    hash: "q3Xo7sQm0yY2b1mJm7n1cX2bq0m2b8Vt5b2m3Zc1Q9k=",
    links: { pdf: `${FILES_BASE}/${id}/pdf`, xml: `${FILES_BASE}/${id}/xml`, cdr: `${FILES_BASE}/${id}/cdr` },
    created_at: CREATED_AT,
    updated_at: DECIDED_AT,
  });
}

/** The same Document when the call returns before the verdict (202): numbered, not yet signed or sent. */
export function pendingDocument(example: CreateExample): DocumentResource {
  return {
    ...acceptedDocument(example),
    status: "pending",
    sunat: null,
    hash: null,
    links: { pdf: null, xml: null, cdr: null },
    updated_at: CREATED_AT,
  };
}

/** A signed document while SUNAT cannot be reached: the third send failed, the fourth waits on the backoff. */
export function retryingDocument(example: CreateExample): DocumentResource {
  const { links } = acceptedDocument(example);
  return {
    ...pendingDocument(example),
    hash: acceptedDocument(example).hash,
    links: { ...links, cdr: null },
    submission: {
      attempts: 3,
      last_problem: { code: "sunat_unreachable", message: "SUNAT could not be reached." },
      next_attempt_at: "2026-06-01T15:04:35.000Z",
      deadline_at: "2026-06-05T04:59:59.999Z",
    },
  };
}

/** A document SUNAT never answered before the sending deadline. */
export function deadlineRejectedDocument(example: CreateExample): DocumentResource {
  return {
    ...acceptedDocument(example),
    status: "rejected",
    sunat: null,
    status_details: {
      code: "submission_deadline_exceeded",
      message:
        "No verdict from SUNAT before the sending deadline: SUNAT answered 0109 (service unavailable).",
    },
    links: { ...acceptedDocument(example).links, cdr: null },
  };
}

export function acceptedEvent(example: CreateExample): EventResource {
  return presentedDocumentEvent({
    id: exampleId("evt", CREATE_EXAMPLES.indexOf(example)),
    object: "event",
    type: "document.accepted",
    created_at: "2026-06-01T15:04:06.460Z",
    livemode: false,
    data: { object: acceptedDocument(example) },
  });
}

export function eventListExample(): PublicList<EventResource> {
  const [invoice, receipt] = [
    CREATE_EXAMPLES.find((e) => e.kind === "invoice")!,
    CREATE_EXAMPLES.find((e) => e.kind === "receipt")!,
  ];
  return listPage("/v1/events", true, [acceptedEvent(receipt), acceptedEvent(invoice)]);
}

export function documentListExample(): PublicList<DocumentResource> {
  const [invoice, receipt] = [
    CREATE_EXAMPLES.find((e) => e.kind === "invoice")!,
    CREATE_EXAMPLES.find((e) => e.kind === "receipt")!,
  ];
  return listPage("/v1/documents", false, [acceptedDocument(receipt), acceptedDocument(invoice)]);
}
