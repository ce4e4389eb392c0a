import type { Counters } from "@einvoice/store";
import { registrationsCounter } from "./registry.js";

/** Calls counted per document identity, whatever their answer (5xx, timeouts and lost replies included). */
export type CountedCall = "send_bill" | "status_cdr";

export interface CallStats {
  send_bill_calls: number;
  status_cdr_calls: number;
  registrations: number;
}

/**
 * Per-identity counters kept in the store's counters, so they survive a simulator restart and tests can
 * assert "sent three times, registered once" across one.
 */
export class CallCounters {
  constructor(private readonly counters: Counters) {}

  record(call: CountedCall, identity: string): Promise<number> {
    return this.counters.increment(`calls:${call}:${identity}`);
  }

  async stats(identity: string): Promise<CallStats> {
    const [sendBill, statusCdr, registrations] = await Promise.all([
      this.counters.current(`calls:send_bill:${identity}`),
      this.counters.current(`calls:status_cdr:${identity}`),
      this.counters.current(registrationsCounter(identity)),
    ]);
    return { send_bill_calls: sendBill, status_cdr_calls: statusCdr, registrations };
  }
}
