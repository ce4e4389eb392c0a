/**
 * Parses the port's `Filter` and `FindOptions` into a validated, engine-neutral form. Both engines translate
 * from this, so they accept and refuse exactly the same inputs.
 *
 * Matching semantics (identical on both engines, proven by the contract suite):
 * - Comparisons are type-bracketed: numbers compare with numbers, strings with strings (binary UTF-8 order),
 *   booleans with booleans (false < true). `{ n: { $lt: 5 } }` never matches a string.
 * - Equality with null matches a missing field or an explicit null; `$ne: null` matches present, non-null fields.
 * - `$ne: x` also matches entities where the field is missing or holds another type.
 * - `$exists: true` means present and not null; `$exists: false` means missing or null.
 * - Range operators refuse null. Fields compared must hold scalars: matching inside arrays is engine-specific
 *   (MongoDB matches any element, SQLite does not) and is not part of the port.
 */
import { InvalidFilterError } from "./errors.js";
import { assertFieldPath } from "./names.js";
import type { FieldOps, Filter, FindOptions, Scalar, SortKey } from "./port.js";

export type RangeOp = "lt" | "lte" | "gt" | "gte";
export type NonNullScalar = string | number | boolean;

export type Condition =
  | { path: string; op: "eq" | "ne"; value: Scalar }
  | { path: string; op: "in"; values: Scalar[] }
  | { path: string; op: RangeOp; value: NonNullScalar }
  | { path: string; op: "exists"; value: boolean };

export interface ParsedFindOptions {
  /** Always ends with `_id` ascending so ties come back in the same order on both engines. */
  sort: SortKey[];
  limit: number | undefined;
}

const RANGE_OPS: Record<string, RangeOp> = { $lt: "lt", $lte: "lte", $gt: "gt", $gte: "gte" };

export function parseFilter(filter: Filter): Condition[] {
  if (typeof filter !== "object" || filter === null || Array.isArray(filter)) {
    throw new InvalidFilterError("filter must be an object");
  }
  const conditions: Condition[] = [];
  for (const [path, condition] of Object.entries(filter)) {
    assertFieldPath(path);
    if (condition === undefined) throw new InvalidFilterError(`${path}: undefined is not a filter value`);
    if (isScalar(condition)) {
      conditions.push({ path, op: "eq", value: condition });
      continue;
    }
    if (typeof condition !== "object" || Array.isArray(condition)) {
      throw new InvalidFilterError(`${path}: unsupported filter value`);
    }
    conditions.push(...parseOps(path, condition));
  }
  return conditions;
}

function parseOps(path: string, ops: FieldOps): Condition[] {
  const conditions: Condition[] = [];
  for (const [op, value] of Object.entries(ops)) {
    if (value === undefined) continue;
    if (op === "$eq" || op === "$ne") {
      conditions.push({ path, op: op === "$eq" ? "eq" : "ne", value: scalar(path, op, value) });
    } else if (op === "$in") {
      if (!Array.isArray(value)) throw new InvalidFilterError(`${path}: $in needs an array`);
      conditions.push({ path, op: "in", values: value.map((v) => scalar(path, op, v)) });
    } else if (op in RANGE_OPS) {
      const v = scalar(path, op, value);
      if (v === null) throw new InvalidFilterError(`${path}: ${op} does not accept null`);
      conditions.push({ path, op: RANGE_OPS[op]!, value: v });
    } else if (op === "$exists") {
      if (typeof value !== "boolean") throw new InvalidFilterError(`${path}: $exists needs a boolean`);
      conditions.push({ path, op: "exists", value });
    } else {
      throw new InvalidFilterError(`${path}: unsupported operator ${op}`);
    }
  }
  if (conditions.length === 0) throw new InvalidFilterError(`${path}: no operator given`);
  return conditions;
}

export function parseFindOptions(options: FindOptions | undefined): ParsedFindOptions {
  const sort: SortKey[] = [];
  for (const key of options?.sort ?? []) {
    assertFieldPath(key.field);
    if (key.direction !== 1 && key.direction !== -1) {
      throw new InvalidFilterError(`sort ${key.field}: direction must be 1 or -1`);
    }
    sort.push({ field: key.field, direction: key.direction });
  }
  if (!sort.some((key) => key.field === "_id")) sort.push({ field: "_id", direction: 1 });
  const limit = options?.limit;
  if (limit !== undefined && (!Number.isSafeInteger(limit) || limit < 0)) {
    throw new InvalidFilterError(`limit must be a non-negative integer, got ${limit}`);
  }
  return { sort, limit };
}

function scalar(path: string, op: string, value: unknown): Scalar {
  if (!isScalar(value)) throw new InvalidFilterError(`${path}: ${op} needs scalar values`);
  return value;
}

function isScalar(value: unknown): value is Scalar {
  return (
    value === null ||
    typeof value === "string" ||
    typeof value === "boolean" ||
    (typeof value === "number" && Number.isFinite(value))
  );
}
