import type { Scope } from "@einvoice/domain";
import { notFound } from "@einvoice/platform";
import type { Event } from "@einvoice/proto";
import type { Store } from "@einvoice/store";
import { type EventQuery, EventRepository } from "../adapters/event-repository.js";
import { eventMessageOf } from "../domain/event-message.js";

export interface EventPage {
  events: Event[];
  hasMore: boolean;
}

/** A page of the caller's events, newest first; one extra row tells whether another page exists. */
export class ListEvents {
  constructor(private readonly store: Store) {}

  async execute(scope: Scope, query: EventQuery): Promise<EventPage> {
    const rows = await new EventRepository(this.store).list(scope, { ...query, limit: query.limit + 1 });
    return { events: rows.slice(0, query.limit).map(eventMessageOf), hasMore: rows.length > query.limit };
  }
}

/** One event of the caller's company and mode; another scope's id is NOT_FOUND, never a leak. */
export class GetEvent {
  constructor(private readonly store: Store) {}

  async execute(scope: Scope, id: string): Promise<Event> {
    const record = await new EventRepository(this.store).findById(scope, id);
    if (!record) throw notFound("event", id);
    return eventMessageOf(record);
  }
}
