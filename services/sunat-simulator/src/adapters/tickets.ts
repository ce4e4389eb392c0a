import type { Collection, CollectionSpec, Store } from "@einvoice/store";

/**
 * A ticket of an asynchronous channel: sendSummary (RC/RA) or the GRE REST send. The content is processed
 * when the ticket is issued; the answer is revealed to polls once `pending_polls` polls have seen 98.
 */
export interface TicketRecord {
  /** The ticket: digits for summaries (like SUNAT's), a UUID for GRE (`numTicket`). */
  _id: string;
  channel: "summary" | "gre";
  /** `RUC-RC-YYYYMMDD-N` for summaries, `RUC-TT-SERIE-NUMERO` for guías. */
  identity: string;
  /** Summaries only: unique, so a file name presented twice is refused (2223/2324). */
  summary_key?: string;
  /** Issuer RUC; a poll by another RUC is 0126. */
  ruc: string;
  pending_polls: number;
  polls: number;
  /** Final answer: "0" processed (accepted or observed), "99" processed with errors. */
  final_status: "0" | "99";
  response_code: string;
  description: string;
  /** Base64 CDR zip; null when no CDR was generated (an exception). */
  cdr_zip: string | null;
  created_at: string;
}

export const ticketsCollection: CollectionSpec = {
  name: "tickets",
  indexes: [{ fields: ["summary_key"], unique: true }],
};

export class Tickets {
  private readonly tickets: Collection<TicketRecord>;

  constructor(store: Store) {
    this.tickets = store.collection<TicketRecord>(ticketsCollection);
  }

  /** Throws DuplicateKeyError when the summary file name was already presented. */
  create(ticket: TicketRecord): Promise<void> {
    return this.tickets.insertOne(ticket);
  }

  find(id: string): Promise<TicketRecord | null> {
    return this.tickets.findOne({ _id: id });
  }

  findSummary(summaryKey: string): Promise<TicketRecord | null> {
    return this.tickets.findOne({ summary_key: summaryKey });
  }

  /**
   * Counts one poll (compare-and-set on the count read, retried, so concurrent polls each count) and returns
   * the ticket as it was before this poll.
   */
  async recordPoll(id: string): Promise<TicketRecord | null> {
    for (;;) {
      const ticket = await this.find(id);
      if (!ticket) return null;
      const updated = await this.tickets.updateOne(
        { _id: id, polls: ticket.polls },
        { polls: ticket.polls + 1 },
      );
      if (updated) return ticket;
    }
  }
}
