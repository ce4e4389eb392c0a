/**
 * Translates parsed filters and sorts to MongoDB queries. MongoDB already brackets comparisons by type and treats
 * `null` as "missing or null", which is the port's semantics; only `$exists` differs (the port's means "present
 * and not null"), so it maps to `$ne: null` / `$eq: null`.
 */
import type { Document, Sort } from "mongodb";
import type { Condition, ParsedFindOptions } from "../filter-model.js";

export function mongoQuery(conditions: Condition[]): Document {
  const query: Record<string, Record<string, unknown>> = {};
  // Two conditions can land on the same operator of one field (`$exists: true` next to `$ne: x`); they are
  // ANDed explicitly instead of overwriting each other.
  const extra: Document[] = [];
  for (const condition of conditions) {
    const [op, value] = mongoOperator(condition);
    const ops = query[condition.path];
    if (ops === undefined) query[condition.path] = { [op]: value };
    else if (op in ops) extra.push({ [condition.path]: { [op]: value } });
    else ops[op] = value;
  }
  return extra.length > 0 ? { ...query, $and: extra } : query;
}

export function mongoSort(options: ParsedFindOptions): Sort {
  // Field paths never start with a digit, so object key order is the sort order.
  return Object.fromEntries(options.sort.map((key) => [key.field, key.direction]));
}

function mongoOperator(condition: Condition): [string, unknown] {
  switch (condition.op) {
    case "eq":
      return ["$eq", condition.value];
    case "ne":
      return ["$ne", condition.value];
    case "in":
      return ["$in", condition.values];
    case "exists":
      return condition.value ? ["$ne", null] : ["$eq", null];
    default:
      return [`$${condition.op}`, condition.value];
  }
}
