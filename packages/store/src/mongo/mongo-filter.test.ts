import { describe, expect, it } from "vitest";
import { parseFilter, parseFindOptions } from "../filter-model.js";
import type { Filter } from "../port.js";
import { mongoQuery, mongoSort } from "./mongo-filter.js";

const query = (filter: Filter) => mongoQuery(parseFilter(filter));

describe("mongo filter translation", () => {
  it("maps scalars and operators one to one", () => {
    expect(query({ status: "sent", paid: true, note: null })).toEqual({
      status: { $eq: "sent" },
      paid: { $eq: true },
      note: { $eq: null },
    });
    expect(query({ seq: { $gt: 1, $lte: 4, $ne: 3, $in: [1, null] }, "customer.ruc": { $eq: "2" } })).toEqual(
      {
        seq: { $gt: 1, $lte: 4, $ne: 3, $in: [1, null] },
        "customer.ruc": { $eq: "2" },
      },
    );
  });

  it("maps the port's $exists (present and not null) to null comparisons", () => {
    expect(query({ note: { $exists: true } })).toEqual({ note: { $ne: null } });
    expect(query({ note: { $exists: false } })).toEqual({ note: { $eq: null } });
  });

  it("ANDs conditions that would collide on one operator", () => {
    expect(query({ note: { $exists: true, $ne: "x" } })).toEqual({
      note: { $ne: null },
      $and: [{ note: { $ne: "x" } }],
    });
  });

  it("sorts with an _id tie-breaker, keeping key order", () => {
    const sort = mongoSort(parseFindOptions({ sort: [{ field: "status", direction: -1 }] }));
    expect(Object.entries(sort)).toEqual([
      ["status", -1],
      ["_id", 1],
    ]);
  });
});
