/** Counters on MongoDB: `{ _id: key, value }` documents in `_counters`, bumped by an upserting `$inc`. */
import { assertCounterArgs } from "../counters-validation.js";
import type { Counters } from "../port.js";
import { isDuplicateKey, type MongoAccess } from "./mongo-collection.js";

export const COUNTERS_COLLECTION = "_counters";

interface CounterDoc {
  _id: string;
  value: number;
}

export class MongoCounters implements Counters {
  constructor(private readonly access: MongoAccess) {}

  async increment(key: string, by = 1): Promise<number> {
    assertCounterArgs(key, by);
    return this.access.run(null, async (session) => {
      for (let attempt = 1; ; attempt++) {
        try {
          const doc = await this.raw().findOneAndUpdate(
            { _id: key },
            { $inc: { value: by } },
            { session, upsert: true, returnDocument: "after" },
          );
          if (doc === null) throw new Error(`counter ${key}: upsert returned no document`);
          return doc.value;
        } catch (error) {
          // Two first-time upserts of one key can race to insert it. Servers since 4.2 retry that themselves;
          // retry here too for older ones. Inside a transaction the error has already aborted it, so rethrow.
          if (session !== undefined || !isDuplicateKey(error) || attempt >= 3) throw error;
        }
      }
    });
  }

  async current(key: string): Promise<number> {
    assertCounterArgs(key, 0);
    return this.access.run(null, async (session) => {
      const doc = await this.raw().findOne({ _id: key }, { session });
      return doc?.value ?? 0;
    });
  }

  private raw() {
    return this.access.db.collection<CounterDoc>(COUNTERS_COLLECTION);
  }
}
