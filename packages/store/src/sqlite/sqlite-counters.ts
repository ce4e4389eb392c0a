/** Counters on SQLite: one `_counters` row per key, incremented by a single upsert statement. */
import { assertCounterArgs } from "../counters-validation.js";
import type { Counters } from "../port.js";
import type { SqliteAccess } from "./sqlite-collection.js";

export const COUNTERS_TABLE_SQL =
  "CREATE TABLE IF NOT EXISTS _counters (key TEXT PRIMARY KEY, value INTEGER NOT NULL) STRICT";

export class SqliteCounters implements Counters {
  constructor(private readonly access: SqliteAccess) {}

  async increment(key: string, by = 1): Promise<number> {
    assertCounterArgs(key, by);
    const sql =
      "INSERT INTO _counters (key, value) VALUES (?, ?) " +
      "ON CONFLICT(key) DO UPDATE SET value = value + excluded.value RETURNING value";
    return this.access.write(
      null,
      () => (this.access.statement(sql).get(key, by) as { value: number }).value,
    );
  }

  async current(key: string): Promise<number> {
    assertCounterArgs(key, 0);
    const sql = "SELECT value FROM _counters WHERE key = ?";
    return this.access.run(null, () => {
      const row = this.access.statement(sql).get(key) as { value: number } | undefined;
      return row?.value ?? 0;
    });
  }
}
