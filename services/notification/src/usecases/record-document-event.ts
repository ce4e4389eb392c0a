import { type Broker, eventSubject, type Payload, publish, schemas, type subjects } from "@einvoice/broker";
import { newId } from "@einvoice/platform";
import { DuplicateKeyError, type Store } from "@einvoice/store";
import type { z } from "zod";
import { type EventRecord, EventRepository } from "../adapters/event-repository.js";

type State = Payload<typeof subjects.documentState>;
export type EventResource = z.infer<typeof schemas.event>;

export function presentEvent(record: EventRecord): EventResource {
  return {
    id: record._id,
    object: "event",
    type: record.type,
    created_at: record.created_at,
    livemode: record.livemode,
    data: { object: record.object },
  };
}

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
  ) {}

  async execute(state: State): Promise<void> {
    if (!state.event_type) return;
    const repository = new EventRepository(this.store);
    const sourceKey = `${state.document_id}:${state.event_type}`;
    let record = await repository.findBySource(sourceKey);
    if (!record) {
      const now = this.clock();
      record = {
        _id: newId("evt", now.getTime()),
        company_id: state.company_id,
        livemode: state.livemode,
        type: state.event_type,
        created_at: now.toISOString(),
        document_id: state.document_id,
        source_key: sourceKey,
        object: state.document as unknown as Record<string, unknown>,
      };
      try {
        await repository.insert(record);
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
        record = await repository.findBySource(sourceKey);
        if (!record) throw error;
      }
    }
    await publish(
      this.broker.js,
      { subject: eventSubject(record.livemode, record.type), schema: schemas.event },
      presentEvent(record),
      {
        msgId: record._id,
      },
    );
  }
}
