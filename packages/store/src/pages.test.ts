import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { pageByIdDescending } from "./pages.js";
import type { Collection } from "./port.js";
import { SqliteStore } from "./sqlite/sqlite-store.js";

interface Row {
  _id: string;
  scope: string;
}

const id = (n: number) => `row_${String(n).padStart(4, "0")}`;

describe("pageByIdDescending", () => {
  let store: SqliteStore;
  let rows: Collection<Row>;

  beforeEach(async () => {
    store = SqliteStore.open(":memory:");
    const spec = { name: "rows", indexes: [] };
    await store.ensure([spec]);
    rows = store.collection<Row>(spec);
    for (let n = 1; n <= 25; n++) await rows.insertOne({ _id: id(n), scope: n % 5 === 0 ? "other" : "mine" });
  });
  afterEach(() => store.close());

  const ids = (page: { rows: Row[] }) => page.rows.map((r) => r._id);

  it("pages newest first with starting_after until has_more is false, within the filter", async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await pageByIdDescending(rows, { scope: "mine" }, { limit: 7, startingAfter: cursor });
      seen.push(...ids(page));
      if (!page.hasMore) break;
      cursor = page.rows.at(-1)!._id;
    }
    const expected = Array.from({ length: 25 }, (_, i) => 25 - i)
      .filter((n) => n % 5 !== 0)
      .map(id);
    expect(seen).toEqual(expected);
  });

  it("pages back with ending_before, still newest first, and says whether newer rows remain", async () => {
    const back = await pageByIdDescending(rows, {}, { limit: 3, endingBefore: id(10) });
    expect(ids(back)).toEqual([id(13), id(12), id(11)]);
    expect(back.hasMore).toBe(true);
    const top = await pageByIdDescending(rows, {}, { limit: 10, endingBefore: id(20) });
    expect(ids(top)).toEqual([id(25), id(24), id(23), id(22), id(21)]);
    expect(top.hasMore).toBe(false);
  });

  it("never repeats or skips a row when rows are added between pages", async () => {
    const first = await pageByIdDescending(rows, {}, { limit: 10 });
    for (let n = 26; n <= 30; n++) await rows.insertOne({ _id: id(n), scope: "mine" });
    const second = await pageByIdDescending(rows, {}, { limit: 10, startingAfter: first.rows.at(-1)!._id });
    const third = await pageByIdDescending(rows, {}, { limit: 10, startingAfter: second.rows.at(-1)!._id });
    expect([...ids(first), ...ids(second), ...ids(third)]).toEqual(
      Array.from({ length: 25 }, (_, i) => id(25 - i)),
    );
    expect(third.hasMore).toBe(false);
  });

  it("keeps the filter's own bounds on the id beside either cursor", async () => {
    const within = { _id: { $gte: id(5), $lte: id(15) } };
    expect(ids(await pageByIdDescending(rows, within, { limit: 3 }))).toEqual([id(15), id(14), id(13)]);
    const older = await pageByIdDescending(rows, within, { limit: 5, startingAfter: id(8) });
    expect([ids(older), older.hasMore]).toEqual([[id(7), id(6), id(5)], false]);
    const newer = await pageByIdDescending(rows, within, { limit: 5, endingBefore: id(12) });
    expect([ids(newer), newer.hasMore]).toEqual([[id(15), id(14), id(13)], false]);
    expect(ids(await pageByIdDescending(rows, { _id: id(9) }, { limit: 5, startingAfter: id(10) }))).toEqual([
      id(9),
    ]);
  });

  it("keeps the tighter bound when the filter and the cursor bound the same side of the id", async () => {
    const before12 = { _id: { $lt: id(12) } };
    expect(ids(await pageByIdDescending(rows, before12, { limit: 3, startingAfter: id(20) }))).toEqual([
      id(11),
      id(10),
      id(9),
    ]);
    expect(ids(await pageByIdDescending(rows, before12, { limit: 3, startingAfter: id(5) }))).toEqual([
      id(4),
      id(3),
      id(2),
    ]);
    const after12 = { _id: { $gt: id(12) } };
    expect(ids(await pageByIdDescending(rows, after12, { limit: 3, endingBefore: id(3) }))).toEqual([
      id(15),
      id(14),
      id(13),
    ]);
  });
});
