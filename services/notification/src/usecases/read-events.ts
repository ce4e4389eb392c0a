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

/** How long events are kept, and the clock that says which are past it. */
export interface Retention {
  days: number;
  clock?: () => Date;
}

/** The first instant still inside the retention. */
export function retentionStart(retention: Retention): string {
  const now = (retention.clock ?? (() => new Date()))();
  return new Date(now.getTime() - retention.days * 86_400_000).toISOString();
}

/** A page of the caller's events, newest first, inside the retention. */
export class ListEvents {
  constructor(
    private readonly store: Store,
    private readonly retention: Retention,
  ) {}

  async execute(scope: Scope, query: Omit<EventQuery, "notBefore">): Promise<EventPage> {
    const page = await new EventRepository(this.store).list(scope, {
      ...query,
      notBefore: retentionStart(this.retention),
    });
    return { events: page.rows.map(eventMessageOf), hasMore: page.hasMore };
  }
}

/** One event of the caller's company and mode; another scope's id (or an expired one) is NOT_FOUND. */
export class GetEvent {
  constructor(
    private readonly store: Store,
    private readonly retention: Retention,
  ) {}

  async execute(scope: Scope, id: string): Promise<Event> {
    const record = await new EventRepository(this.store).findById(scope, id, retentionStart(this.retention));
    if (!record) throw notFound("event", id);
    return eventMessageOf(record);
  }
}

/** Deletes events past the retention, a batch at a time (listing already hides them). */
export class PurgeExpiredEvents {
  constructor(
    private readonly store: Store,
    private readonly retention: Retention,
  ) {}

  async execute(batch = 500): Promise<number> {
    const repository = new EventRepository(this.store);
    let total = 0;
    for (;;) {
      const deleted = await repository.purgeOlderThan(retentionStart(this.retention), batch);
      total += deleted;
      if (deleted < batch) return total;
    }
  }
}
