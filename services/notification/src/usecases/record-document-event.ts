import {
  type Broker,
  COMPANY_HEADER,
  eventSubject,
  type Payload,
  publishEncoded,
  subjects,
} from "@einvoice/broker";
import { type ReceivedPart, receivedPart } from "@einvoice/contracts";
import { newId } from "@einvoice/platform";
import { DuplicateKeyError, type Store } from "@einvoice/store";
import { type EventRecord, EventRepository } from "../adapters/event-repository.js";
import { eventJsonOf, storedObjectOf } from "../domain/event-message.js";

type State = Payload<typeof subjects.documentState>;

/**
 * Turns a document state change into an Event (`evt_…`) holding the document as it stood, stores it once (a
 * redelivered change finds it by source key), and publishes it on `events.<mode>.<type>` for the stream
 * service and any NATS subscriber.
 */
export class RecordDocumentEvent {
  constructor(
    private readonly store: Store,
    private readonly broker: Broker,
    private readonly clock: () => Date = () => new Date(),
    /** Queues the event for the company's webhook endpoints (idempotent per endpoint and event). */
    private readonly webhooks?: { execute(record: EventRecord): Promise<unknown> },
  ) {}

  /**
   * `received` is the state message's JSON as it arrived and whether it passed the strict schema (its `document` is
   * kept as is when canonical).
   */
  async execute(state: State, received?: ReceivedPart): Promise<void> {
    if (!state.eventType || !state.document) return;
    const repository = new EventRepository(this.store);
    // A document may fail to be voided more than once (each failed void may be retried): void events are keyed by
    // the void's request time as well, so each attempt gets its event and a redelivery still finds it.
    const requestedAt = state.document.void?.requestedAt;
    const sourceKey =
      state.eventType.startsWith("document.void") && requestedAt
        ? `${state.documentId}:${state.eventType}:${requestedAt}`
        : `${state.documentId}:${state.eventType}`;
    // Inserted without looking first: a change is almost always delivered once, and a redelivery's insert collides
    // on the source key, which then finds the event stored before (the unique index decides, as for two at once).
    const now = this.clock();
    const fresh: EventRecord = {
      _id: newId("evt", now.getTime()),
      company_id: state.companyId,
      livemode: state.livemode,
      type: state.eventType,
      created_at: now.toISOString(),
      document_id: state.documentId,
      source_key: sourceKey,
      object: storedObjectOf(state.document, receivedPart(received, "document")),
    };
    const record = await repository.insert(fresh).then(
      () => fresh,
      async (error) => {
        if (!(error instanceof DuplicateKeyError)) throw error;
        const stored = await repository.findBySource(sourceKey);
        if (!stored) throw error;
        return stored;
      },
    );
    await this.webhooks?.execute(record);
    await publishEncoded(this.broker.js, subjects.event, eventJsonOf(record), {
      msgId: record._id,
      subject: eventSubject(record.livemode, record.type),
      headers: { [COMPANY_HEADER]: record.company_id },
    });
  }
}
