import { COMPANY_HEADER, streams, subjects } from "@einvoice/broker";
import type { Scope } from "@einvoice/domain";
import { hasIdShape, SERVICE_ERRORS, serviceError } from "@einvoice/platform";
import type { Event } from "@einvoice/proto";
import {
  DeliverPolicy,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  type OrderedConsumerOptions,
} from "@nats-io/jetstream";

export interface SubscribeInput {
  scope: Scope;
  /** Resume strictly after this event id (`evt_…`) or position (`pos_…`); empty: from now. */
  after: string;
  /** Only these event types; empty: all. */
  types: readonly string[];
  /** Only this document's events; empty: all. */
  documentId: string;
}

export type StreamItem = { position: string } | { event: Event };

const POSITION = /^pos_(\d{1,15})$/;

/**
 * One client's live view of the EVENTS stream: an ordered JetStream consumer on `events.<mode>.>` (ephemeral,
 * deleted when the caller leaves), filtered to the caller's company (the `Einvoice-Company` header) and to the
 * asked types and document. Resuming after an event id replays from a little before the time the id encodes and
 * skips up to that event, so what follows is exactly the stream after it; the service keeps no state of its own.
 */
export class SubscribeEvents {
  constructor(
    private readonly deps: {
      js: JetStreamClient;
      jsm: JetStreamManager;
      clock?: () => number;
      /**
       * How far before an event's id time to start looking for it, in milliseconds: covers clock skew between
       * the notification service and NATS, and the delay between storing an event and publishing it.
       */
      scanMarginMs?: number;
      /** Messages the consumer pulls ahead per batch: bounds the memory one slow subscriber can hold here. */
      batch?: number;
    },
  ) {}

  async *execute(input: SubscribeInput, signal: AbortSignal): AsyncGenerator<StreamItem> {
    const { state } = await this.deps.jsm.streams.info(streams.events.name);
    const start = this.resumePoint(input.after, state.first_seq, state.last_seq);
    const consumer = await this.deps.js.consumers.get(streams.events.name, {
      filter_subjects: `events.${input.scope.livemode ? "live" : "test"}.>`,
      ...start.options,
    });
    // Checked before consuming: closing a consumption that never delivered a message waits forever, so a resume
    // point with nothing after it in this mode (e.g. another mode's event id) would hang the caller instead of 404.
    if (start.seek && (await consumer.info(true)).num_pending === 0) {
      await consumer.delete().catch(() => undefined);
      throw unknownResumePoint(input.after);
    }
    const messages = await consumer.consume({ max_messages: this.deps.batch ?? 64 });
    const stop = () => void messages.close().catch(() => undefined);
    signal.addEventListener("abort", stop, { once: true });
    try {
      let seeking = start.seek;
      if (!seeking) yield { position: start.position };
      for await (const message of messages) {
        if (signal.aborted) break;
        const owned = message.headers?.get(COMPANY_HEADER) === input.scope.companyId;
        if (seeking) {
          if (message.headers?.get("Nats-Msg-Id") === seeking) {
            if (!owned) throw unknownResumePoint(input.after);
            seeking = null;
            yield { position: input.after };
          } else if (message.seq >= state.last_seq && message.info.pending === 0) {
            throw unknownResumePoint(input.after);
          }
          continue;
        }
        if (!owned) continue;
        const event = decode(message);
        if (event && matches(event, input)) yield { event };
      }
    } finally {
      signal.removeEventListener("abort", stop);
      await messages.close().catch(() => undefined);
      // The ordered consumer is ephemeral; deleting it now frees the server at once instead of after its
      // inactivity threshold.
      await consumer.delete().catch(() => undefined);
    }
  }

  private resumePoint(
    after: string,
    firstSeq: number,
    lastSeq: number,
  ): { options: Partial<OrderedConsumerOptions>; seek: string | null; position: string } {
    if (!after) {
      return {
        options: { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: lastSeq + 1 },
        seek: null,
        position: `pos_${lastSeq}`,
      };
    }
    const position = POSITION.exec(after);
    if (position) {
      const seq = Number(position[1]);
      if (seq > lastSeq) throw unknownResumePoint(after);
      // Messages after `seq` were removed by the stream's retention: resuming would skip them silently.
      if (seq + 1 < firstSeq) throw expiredResumePoint(after);
      return {
        options: { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: seq + 1 },
        seek: null,
        position: after,
      };
    }
    if (!hasIdShape(after, "evt")) {
      throw serviceError(
        SERVICE_ERRORS.last_event_id_invalid,
        "Last-Event-ID must be an event id (evt_…) or a position (pos_…) this stream sent.",
      );
    }
    const createdAt = timeOfId(after);
    const now = (this.deps.clock ?? Date.now)();
    if (createdAt < now - streams.events.maxAgeMs) throw expiredResumePoint(after);
    if (createdAt > now + 60_000 || lastSeq === 0) throw unknownResumePoint(after);
    const from = new Date(createdAt - (this.deps.scanMarginMs ?? 60_000)).toISOString();
    return {
      options: { deliver_policy: DeliverPolicy.StartTime, opt_start_time: from },
      seek: after,
      position: after,
    };
  }
}

function decode(message: JsMsg): Event | null {
  try {
    return subjects.event.payload.decode(message.json());
  } catch {
    return null;
  }
}

function matches(event: Event, input: SubscribeInput): boolean {
  if (input.types.length > 0 && !input.types.includes(event.type)) return false;
  if (input.documentId) {
    const object = event.data?.object;
    if (object?.case !== "document" || object.value.id !== input.documentId) return false;
  }
  return true;
}

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** The millisecond time an id's first ten characters encode (see newId). */
function timeOfId(id: string): number {
  let time = 0;
  for (const char of id.slice(4, 14)) time = time * 32 + CROCKFORD.indexOf(char);
  return time;
}

const unknownResumePoint = (after: string) =>
  serviceError(
    SERVICE_ERRORS.last_event_id_unknown,
    `No event or position '${after.slice(0, 40)}' in this company's and mode's stream. Open the stream without Last-Event-ID, and catch up with GET /v1/events.`,
  );

const expiredResumePoint = (after: string) =>
  serviceError(
    SERVICE_ERRORS.last_event_id_expired,
    `'${after.slice(0, 40)}' is older than the 30 days the stream keeps. Open the stream without Last-Event-ID, and catch up with GET /v1/events.`,
  );
