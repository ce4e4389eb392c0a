import { describe, expect, it } from "vitest";
import { parseFilter } from "../filter-model.js";
import type { Filter } from "../port.js";
import { filterShape, whereClause, whereParams } from "./sqlite-filter.js";

const indexed = new Set(["status"]);

const filters: Filter[] = [
  {},
  { _id: "inv-001", company_id: "c1", livemode: false },
  { status: null, total: { $gte: 10, $lt: 20.5 } },
  { status: { $ne: "sent" }, paid: { $ne: null }, note: { $exists: false } },
  { status: { $in: ["sent", null, 3, true] } },
  { _id: { $in: [1, "inv-001"] } },
  { _id: { $in: [] }, "customer.ruc": { $eq: "2" } },
];

describe("a filter's SQL built once per shape", () => {
  it.each(filters.map((filter) => [JSON.stringify(filter), filter] as const))(
    "whereParams binds what whereClause binds: %s",
    (_label, filter) => {
      const conditions = parseFilter(filter);
      expect(whereParams(conditions)).toEqual(whereClause(conditions, indexed).params);
    },
  );

  it("gives filters of one shape one text, whatever their values", () => {
    const a = parseFilter({ _id: "a", livemode: false, n: { $gt: 1 } });
    const b = parseFilter({ _id: "b", livemode: true, n: { $gt: 2.5 } });
    expect(filterShape(a)).toBe(filterShape(b));
    expect(whereClause(a, indexed).sql).toBe(whereClause(b, indexed).sql);
  });

  it.each([
    [{ status: "sent" }, { status: null }],
    [{ status: "sent" }, { status: 1 }],
    [{ status: { $in: ["a"] } }, { status: { $in: ["a", "b"] } }],
    [{ status: { $exists: true } }, { status: { $exists: false } }],
    [{ status: "a" }, { state: "a" }],
    [{ n: { $gt: 1 } }, { n: { $gte: 1 } }],
  ] as [Filter, Filter][])("tells apart filters whose text differs: %j and %j", (a, b) => {
    expect(filterShape(parseFilter(a))).not.toBe(filterShape(parseFilter(b)));
  });
});
