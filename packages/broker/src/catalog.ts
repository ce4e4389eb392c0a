import { isDespatchAdviceType } from "@einvoice/domain";
import {
  DeadLetterSchema,
  DespatchIssuedSchema,
  DocumentIssuedSchema,
  DocumentRenderedSchema,
  DocumentSignedSchema,
  DocumentStateSchema,
  DocumentVerdictSchema,
  DocumentVoidOutcomeSchema,
  DocumentVoidRequestedSchema,
  EventSchema,
} from "@einvoice/proto";
import { MessagePayload, type PayloadCodec } from "./payload.js";

/**
 * The one catalog of JetStream streams, subjects and durable consumers. Every publisher and consumer goes
 * through these definitions, so a subject, its payload schema and its delivery policy are stated once.
 * Payloads are proto messages (proto/einvoice/subjects/v1, events/v1) travelling as their canonical JSON; their
 * JSON Schemas are generated into docs/events; anyone may subscribe to them.
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

export interface SubjectDef<T> {
  /** Concrete subject, or the prefix of a family (`events` → `events.<mode>.<type>`, `dead` → `dead.<durable>`). */
  subject: string;
  stream: StreamDef;
  payload: PayloadCodec<T>;
  /** What the subject announces, for the generated docs (docs/events). */
  summary: string;
}

export const subjects = {
  documentIssued: {
    subject: "documents.issued",
    stream: streams.documents,
    payload: new MessagePayload(DocumentIssuedSchema),
    summary:
      "numbering → signing: a number was assigned; the issuer snapshot and the computed document travel along.",
  },
  documentDespatchIssued: {
    subject: "documents.despatch_issued",
    stream: streams.documents,
    payload: new MessagePayload(DespatchIssuedSchema),
    summary:
      "numbering → signing: a despatch advice (09, 31) was given its number; the issuer snapshot and the checked guide travel along.",
  },
  documentSigned: {
    subject: "documents.signed",
    stream: streams.documents,
    payload: new MessagePayload(DocumentSignedSchema),
    summary: "signing → submission, numbering: the signed XML is in the object store.",
  },
  documentRendered: {
    subject: "documents.rendered",
    stream: streams.documents,
    payload: new MessagePayload(DocumentRenderedSchema),
    summary:
      "rendering → numbering: the A4 PDF is in the object store; the 80 mm ticket's key is where it is kept once first asked for.",
  },
  documentVerdict: {
    subject: "documents.verdict",
    stream: streams.documents,
    payload: new MessagePayload(DocumentVerdictSchema),
    summary:
      "submission → numbering: SUNAT's verdict on an invoice, receipt or note, or the sending deadline's (a despatch advice's is on documents.despatch_verdict).",
  },
  documentDespatchVerdict: {
    subject: "documents.despatch_verdict",
    stream: streams.documents,
    payload: new MessagePayload(DocumentVerdictSchema),
    summary:
      "submission → numbering, rendering: SUNAT's verdict on a despatch advice (09, 31), or the sending deadline's; an accepted guide is printed again with SUNAT's QR.",
  },
  documentState: {
    subject: "documents.state",
    stream: streams.documents,
    payload: new MessagePayload(DocumentStateSchema),
    summary: "numbering → notification, gateway waiters: the document as it now stands.",
  },
  documentVoidRequested: {
    subject: "documents.void_requested",
    stream: streams.documents,
    payload: new MessagePayload(DocumentVoidRequestedSchema),
    summary:
      "numbering → submission: a void was recorded on an accepted or observed document; submission batches it into an RA or RC.",
  },
  documentVoidOutcome: {
    subject: "documents.void_outcome",
    stream: streams.documents,
    payload: new MessagePayload(DocumentVoidOutcomeSchema),
    summary:
      "submission → numbering: SUNAT's answer to the summary (RA/RC) carrying a void, or its deadline's.",
  },
  event: {
    subject: "events",
    stream: streams.events,
    payload: new MessagePayload(EventSchema),
    summary:
      "notification → anyone: a public Event on events.<test|live>.<type> (e.g. events.test.document.accepted).",
  },
  deadLetter: {
    subject: "dead",
    stream: streams.deadLetters,
    payload: new MessagePayload(DeadLetterSchema),
    summary: "broker → operators: a message a consumer gave up on, on dead.<durable>.",
  },
} as const;

/**
 * The subject of a document's verdict by its type (catalog 01): a despatch advice's on its own subject, so the
 * renderer, which acts only on those, receives no other.
 */
export function verdictSubject(type: string): SubjectDef<Payload<typeof subjects.documentVerdict>> {
  return isDespatchAdviceType(type) ? subjects.documentDespatchVerdict : subjects.documentVerdict;
}

/** `events.test.document.accepted`: public events by mode and type. */
export function eventSubject(livemode: boolean, type: string): string {
  return `events.${livemode ? "live" : "test"}.${type}`;
}

export interface ConsumerDef<T> {
  /** Durable name, unique per stream. */
  durable: string;
  stream: StreamDef;
  /** One subject (nats-server 2.9 has no multi-subject filters). */
  filterSubject: string;
  payload: PayloadCodec<T>;
  /** Time the server waits for an ack before redelivering, in milliseconds. */
  ackWaitMs: number;
  /** Deliveries before the message goes to the dead-letter stream. Finite on purpose. */
  maxDeliver: number;
  /** Delay before each retry after a handled failure (nak), in milliseconds; the last value repeats. */
  retryDelaysMs: number[];
  /** Messages processed at once per replica. */
  concurrency: number;
}

function consumer<T>(
  def: { subject: SubjectDef<T> } & Omit<ConsumerDef<T>, "stream" | "filterSubject" | "payload">,
): ConsumerDef<T> {
  const { subject, ...rest } = def;
  return { ...rest, stream: subject.stream, filterSubject: subject.subject, payload: subject.payload };
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
  signingDespatchIssued: consumer({
    durable: "signing-despatch-issued",
    subject: subjects.documentDespatchIssued,
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
  renderingSigned: consumer({
    durable: "rendering-signed",
    subject: subjects.documentSigned,
    // Off the verdict path: a slow or failing render never holds a document back.
    ackWaitMs: 60_000,
    maxDeliver: 10,
    retryDelaysMs: [1_000, 5_000, 30_000, 120_000],
    concurrency: 2,
  }),
  renderingDespatchVerdict: consumer({
    durable: "rendering-despatch-verdict",
    subject: subjects.documentDespatchVerdict,
    // Prints an accepted guide again with SUNAT's QR; rejections are acknowledged at once.
    ackWaitMs: 60_000,
    maxDeliver: 10,
    retryDelaysMs: [1_000, 5_000, 30_000, 120_000],
    concurrency: 2,
  }),
  numberingRendered: consumer({
    durable: "numbering-rendered",
    subject: subjects.documentRendered,
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
  submissionVoidRequested: consumer({
    durable: "submission-void-requested",
    subject: subjects.documentVoidRequested,
    // The handler only stores a void item; the summary scheduler batches, signs and sends.
    ackWaitMs: 30_000,
    maxDeliver: 20,
    retryDelaysMs: [1_000, 5_000, 30_000, 60_000],
    concurrency: 8,
  }),
  numberingDespatchVerdict: consumer({
    durable: "numbering-despatch-verdict",
    subject: subjects.documentDespatchVerdict,
    ackWaitMs: 30_000,
    maxDeliver: 10,
    retryDelaysMs: [1_000, 5_000, 30_000],
    concurrency: 8,
  }),
  numberingVoidOutcome: consumer({
    durable: "numbering-void-outcome",
    subject: subjects.documentVoidOutcome,
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

/** The payload type of a subject or consumer: `Payload<typeof subjects.documentSigned>`. */
export type Payload<S extends { payload: PayloadCodec<unknown> }> =
  S["payload"] extends PayloadCodec<infer T> ? T : never;

/**
 * Durable consumers no service reads any more, deleted by `ensureTopology`: left on the stream, one would
 * count every new message as pending for ever.
 */
export const retiredConsumers: readonly { stream: string; durable: string }[] = [
  // Replaced by numbering-rendered and numbering-verdict: both messages carry the signature.
  { stream: streams.documents.name, durable: "numbering-signed" },
];

/**
 * Durable consumers whose messages moved to another subject, still read by their service until nothing is left
 * on them, then deleted by it (`drainConsumer`): deleted at once, one would lose what it had not delivered yet.
 * Never created again.
 */
export const drainedConsumers = {
  // Read every verdict before guides' verdicts had their own subject (rendering-despatch-verdict).
  renderingVerdict: consumer({
    durable: "rendering-verdict",
    subject: subjects.documentVerdict,
    ackWaitMs: 60_000,
    maxDeliver: 10,
    retryDelaysMs: [1_000, 5_000, 30_000, 120_000],
    concurrency: 2,
  }),
};
