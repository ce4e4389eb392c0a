import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SqliteStore } from "./sqlite/sqlite-store.js";
import { warmUpStore } from "./warm-up.js";

const specs = [
  {
    name: "warm_documents",
    indexes: [
      { fields: ["company_id", "series", "number"], unique: true },
      { fields: ["company_id", "livemode", "_id"] },
      { fields: ["sunat.ticket"], unique: true },
    ],
  },
  { name: "warm_outbox" },
];

describe("warmUpStore", () => {
  afterEach(() => vi.restoreAllMocks());

  it("runs every round over unique and dotted indexes without a duplicate-key error", async () => {
    await expect(warmUpStore(specs, 5)).resolves.toBe(5);
  });

  it("opens only a throwaway in-memory store and writes no file", async () => {
    const cwd = process.cwd();
    const dir = mkdtempSync(join(tmpdir(), "store-warm-up-"));
    const open = vi.spyOn(SqliteStore, "open");
    try {
      process.chdir(dir);
      await warmUpStore(specs, 2);
      expect(open.mock.calls.map(([file]) => file)).toEqual([":memory:"]);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      process.chdir(cwd);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
