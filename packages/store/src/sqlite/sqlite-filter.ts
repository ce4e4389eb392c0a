/**
 * Translates parsed filters and sorts to SQL over `(_id TEXT PRIMARY KEY, doc TEXT, ix TEXT)` tables. Values are
 * always bound parameters; field paths (whitelisted by `assertFieldPath`) are inlined because SQLite only uses an
 * expression index when the query repeats the indexed expression literally. A field some index covers is read
 * from `ix`, the indexed fields' own JSON (index-fields.ts), which holds the same value as `doc`.
 *
 * Type bracketing (see filter-model.ts) is done by pairing each comparison with a `json_type` check, since
 * `json_extract` turns booleans into 0/1 and SQLite would otherwise compare numbers with strings.
 */
import type { Condition, NonNullScalar, ParsedFindOptions } from "../filter-model.js";
import type { Scalar } from "../port.js";

export type SqlValue = string | number | null;

export interface SqlWhere {
  sql: string;
  params: SqlValue[];
}

interface Target {
  /** SQL expression of the field's value (NULL when missing or null). */
  value: string;
  /** SQL expression of the field's JSON type name. */
  type: string;
}

const RANGE_SQL = { lt: "<", lte: "<=", gt: ">", gte: ">=" } as const;

/** The fields of a collection that its indexes cover (read from `ix`); every other field is read from `doc`. */
export type IndexedFields = ReadonlySet<string>;

/** The SQL expression an index on `path` is built on; queries must use the same text. */
export function indexExpression(path: string): string {
  return target(path, true).value;
}

export function whereClause(conditions: Condition[], indexed: IndexedFields): SqlWhere {
  const params: SqlValue[] = [];
  const parts = conditions.map((condition) => conditionSql(condition, indexed, params));
  return { sql: parts.length === 0 ? "1" : parts.join(" AND "), params };
}

export function orderByClause(options: ParsedFindOptions, indexed: IndexedFields): string {
  return options.sort
    .map((key) => `${fieldTarget(key.field, indexed).value} ${key.direction === 1 ? "ASC" : "DESC"}`)
    .join(", ");
}

/**
 * What a filter's SQL text depends on beyond the collection: each condition's field, operator and the kinds of its
 * values (null, string, number, boolean; `$exists`'s own value; an `$in`'s count), never the values themselves,
 * which are bound. Equal shapes give equal `whereClause` text, so the text can be built once per shape.
 */
export function filterShape(conditions: readonly Condition[]): string {
  let shape = "";
  for (const condition of conditions) {
    shape += `${condition.path}\u0000${condition.op}\u0000`;
    if (condition.op === "in") for (const value of condition.values) shape += kindOf(value);
    else if (condition.op === "exists") shape += condition.value ? "t" : "f";
    else shape += kindOf(condition.value);
    shape += "\u0001";
  }
  return shape;
}

function kindOf(value: Scalar): string {
  if (value === null) return "n";
  if (typeof value === "string") return "s";
  return typeof value === "number" ? "d" : "b";
}

/**
 * The parameters `whereClause` binds for `conditions`, in its order, without building its text: for a statement
 * whose text was built once for the filter's shape. It must follow `conditionSql`; the collection checks the two
 * agree each time it builds a shape's text.
 */
export function whereParams(conditions: readonly Condition[]): SqlValue[] {
  const params: SqlValue[] = [];
  for (const condition of conditions) {
    switch (condition.op) {
      case "exists":
        break;
      case "in":
        for (const value of condition.values) {
          if (value === null || (condition.path === "_id" && typeof value !== "string")) continue;
          params.push(bindable(value));
        }
        break;
      default:
        if (condition.value !== null) params.push(bindable(condition.value));
    }
  }
  return params;
}

function conditionSql(condition: Condition, indexed: IndexedFields, params: SqlValue[]): string {
  const field = fieldTarget(condition.path, indexed);
  switch (condition.op) {
    case "eq":
      return equals(field, condition.value, params);
    case "ne":
      // COALESCE: a missing field makes the comparison NULL, and NOT NULL would drop the row.
      return condition.value === null
        ? `${field.value} IS NOT NULL`
        : `NOT COALESCE(${equals(field, condition.value, params)}, 0)`;
    case "in":
      if (condition.path === "_id") return idIn(condition.values, params);
      if (condition.values.length === 0) return "0";
      return `(${condition.values.map((value) => equals(field, value, params)).join(" OR ")})`;
    case "exists":
      return `${field.value} ${condition.value ? "IS NOT NULL" : "IS NULL"}`;
    default:
      params.push(bindable(condition.value));
      return `(${field.value} ${RANGE_SQL[condition.op]} ? AND ${field.type} IN (${jsonTypes(condition.value)}))`;
  }
}

/**
 * `_id IN (…)`: SQLite looks each id up in the primary key. An OR of equalities is no index constraint: a filter
 * that also names indexed fields would be answered by reading all their entries. Ids are strings: any other value
 * matches nothing.
 */
function idIn(values: readonly Scalar[], params: SqlValue[]): string {
  const ids = values.filter((value): value is string => typeof value === "string");
  if (ids.length === 0) return "0";
  params.push(...ids);
  return `_id IN (${ids.map(() => "?").join(", ")})`;
}

function equals(field: Target, value: Scalar, params: SqlValue[]): string {
  if (value === null) return `${field.value} IS NULL`;
  params.push(bindable(value));
  return `(${field.value} = ? AND ${field.type} IN (${jsonTypes(value)}))`;
}

function fieldTarget(path: string, indexed: IndexedFields): Target {
  return target(path, indexed.has(path));
}

function target(path: string, inIndex: boolean): Target {
  // `_id` is the primary-key column (always a string), so lookups by id use the table's own index.
  if (path === "_id") return { value: "_id", type: "'text'" };
  const column = inIndex ? "ix" : "doc";
  const jsonPath = `'$.${path}'`;
  return { value: `json_extract(${column}, ${jsonPath})`, type: `json_type(${column}, ${jsonPath})` };
}

function jsonTypes(value: NonNullScalar): string {
  if (typeof value === "string") return "'text'";
  if (typeof value === "number") return "'integer', 'real'";
  return "'true', 'false'";
}

/** better-sqlite3 cannot bind booleans; json_extract yields 1/0 for JSON true/false. */
function bindable(value: NonNullScalar): SqlValue {
  return typeof value === "boolean" ? (value ? 1 : 0) : value;
}
