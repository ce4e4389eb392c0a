import type {
  ComputedDocument,
  DocumentEventType,
  DocumentResource,
  Issuer,
  StatusDetails,
  SunatVerdict,
} from "@einvoice/domain";
import { z } from "zod";

/**
 * The one catalog of JetStream streams, subjects and durable consumers. Every publisher and consumer goes
 * through these definitions, so a subject, its payload schema and its delivery policy are stated once.
 * Payloads are JSON (UTF-8), documented in docs/architecture.md; anyone may subscribe to them.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export interface StreamDef {
  name: string;
  subjects: string[];
  /** How long messages are kept, in milliseconds (limits retention: consumers fan out, nothing is deleted on ack). */
  maxAgeMs: number;
  /** Window in which a repeated `Nats-Msg-Id` is dropped, in milliseconds; above the worst outbox-relay restart. */
  duplicateWindowMs: number;
}

export const streams = {
  documents: {
    name: "DOCUMENTS",
    subjects: ["documents.>"],
    maxAgeMs: 30 * DAY_MS,
    duplicateWindowMs: 10 * 60_000,
  },
  events: { name: "EVENTS", subjects: ["events.>"], maxAgeMs: 30 * DAY_MS, duplicateWindowMs: 10 * 60_000 },
  deadLetters: {
    name: "DEAD_LETTERS",
    subjects: ["dead.>"],
    maxAgeMs: 30 * DAY_MS,
    duplicateWindowMs: 60_000,
  },
} as const satisfies Record<string, StreamDef>;

const obj = <T>() => z.custom<T>((v) => typeof v === "object" && v !== null && !Array.isArray(v));

const scoped = { document_id: z.string(), company_id: z.string(), livemode: z.boolean() };

export const schemas = {
  /** numbering → signing: a number was assigned; the computed document and the issuer snapshot travel along. */
  documentIssued: z.object({
    ...scoped,
    number: z.number().int().positive(),
    issuer: obj<Issuer>(),
    computed: obj<ComputedDocument>(),
  }),
  /** signing → submission, numbering: the signed XML is in the object store. */
  documentSigned: z.object({
    ...scoped,
    ruc: z.string(),
    type: z.string(),
    series: z.string(),
    number: z.number().int().positive(),
    issue_date: z.string(),
    file_name: z.string(),
    xml_key: z.string(),
    hash: z.string(),
  }),
  /** submission → numbering: SUNAT's verdict (or the deadline's). */
  documentVerdict: z.object({
    ...scoped,
    outcome: z.enum(["accepted", "observed", "rejected"]),
    /** Null when SUNAT gave no verdict (the deadline rejected the document; see status_details). */
    sunat: obj<SunatVerdict>().nullable(),
    status_details: obj<StatusDetails>().nullable().default(null),
    cdr_key: z.string().nullable(),
  }),
  /** numbering → notification, stream, gateway: the document as it now stands. */
  documentState: z.object({
    ...scoped,
    /** The public event this change produces, or null (e.g. a document becoming pending). */
    event_type: z.custom<DocumentEventType | null>((v) => v === null || typeof v === "string"),
    document: obj<DocumentResource>(),
  }),
  /** notification → public: an Event resource (`evt_…`). */
  event: z.object({
    id: z.string(),
    object: z.literal("event"),
    type: z.string(),
    created_at: z.string(),
    livemode: z.boolean(),
    data: z.object({ object: obj<Record<string, unknown>>() }),
  }),
  deadLetter: z.object({
    consumer: z.string(),
    subject: z.string(),
    stream_sequence: z.number(),
    deliveries: z.number(),
    error: z.string(),
    payload: z.string(),
  }),
};

export interface SubjectDef<S extends z.ZodType> {
  /** Concrete subject, or a pattern for families (`events.<mode>.<type>`). */
  subject: string;
  stream: StreamDef;
  schema: S;
}

export const subjects = {
  documentIssued: { subject: "documents.issued", stream: streams.documents, schema: schemas.documentIssued },
  documentSigned: { subject: "documents.signed", stream: streams.documents, schema: schemas.documentSigned },
  documentVerdict: {
    subject: "documents.verdict",
    stream: streams.documents,
    schema: schemas.documentVerdict,
  },
  documentState: { subject: "documents.state", stream: streams.documents, schema: schemas.documentState },
  deadLetter: { subject: "dead", stream: streams.deadLetters, schema: schemas.deadLetter },
} as const;

/** `events.test.document.accepted`: public events by mode and type. */
export function eventSubject(livemode: boolean, type: string): string {
  return `events.${livemode ? "live" : "test"}.${type}`;
}

export interface ConsumerDef<S extends z.ZodType> {
  /** Durable name, unique per stream. */
  durable: string;
  stream: StreamDef;
  /** One subject (nats-server 2.9 has no multi-subject filters). */
  filterSubject: string;
  schema: S;
  /** Time the server waits for an ack before redelivering, in milliseconds. */
  ackWaitMs: number;
  /** Deliveries before the message goes to the dead-letter stream. Finite on purpose. */
  maxDeliver: number;
  /** Delay before each retry after a handled failure (nak), in milliseconds; the last value repeats. */
  retryDelaysMs: number[];
  /** Messages processed at once per replica. */
  concurrency: number;
}

function consumer<S extends z.ZodType>(
  def: { subject: SubjectDef<S> } & Omit<ConsumerDef<S>, "stream" | "filterSubject" | "schema">,
): ConsumerDef<S> {
  const { subject, ...rest } = def;
  return { ...rest, stream: subject.stream, filterSubject: subject.subject, schema: subject.schema };
}

export const consumers = {
  signingIssued: consumer({
    durable: "signing-issued",
    subject: subjects.documentIssued,
    ackWaitMs: 30_000,
    maxDeliver: 10,
    retryDelaysMs: [1_000, 5_000, 30_000, 120_000],
    concurrency: 4,
  }),
  submissionSigned: consumer({
    durable: "submission-signed",
    subject: subjects.documentSigned,
    // The handler only stores a submission work item; the service's scheduler talks to SUNAT.
    ackWaitMs: 30_000,
    maxDeliver: 20,
    retryDelaysMs: [1_000, 5_000, 30_000, 60_000],
    concurrency: 8,
  }),
  numberingSigned: consumer({
    durable: "numbering-signed",
    subject: subjects.documentSigned,
    ackWaitMs: 30_000,
    maxDeliver: 10,
    retryDelaysMs: [1_000, 5_000, 30_000],
    concurrency: 8,
  }),
  numberingVerdict: consumer({
    durable: "numbering-verdict",
    subject: subjects.documentVerdict,
    ackWaitMs: 30_000,
    maxDeliver: 10,
    retryDelaysMs: [1_000, 5_000, 30_000],
    concurrency: 8,
  }),
  notificationState: consumer({
    durable: "notification-state",
    subject: subjects.documentState,
    ackWaitMs: 30_000,
    maxDeliver: 10,
    retryDelaysMs: [1_000, 5_000, 30_000],
    concurrency: 8,
  }),
};

export type Payload<S extends { schema: z.ZodType }> = z.infer<S["schema"]>;
