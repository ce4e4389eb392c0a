/** A ticket as far as polling is concerned. */
export interface PolledTicket {
  /** Polls that answer 98 before the final answer, fixed when the ticket was issued. */
  pendingPolls: number;
  /** Polls answered so far. */
  polls: number;
}

/**
 * Whether this poll still answers 98 ("en proceso"). The first `pendingPolls` polls do; a poll that asks
 * for its own `ticket_pending_polls` (header or scenario) is measured against that number instead.
 */
export function isStillPending(ticket: PolledTicket, override?: number): boolean {
  return ticket.polls < (override ?? ticket.pendingPolls);
}
