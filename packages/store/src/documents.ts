/**
 * Checks that keep both engines' stored values identical. SQLite stores JSON text and MongoDB stores BSON: the
 * common ground is plain JSON (strings, finite numbers, booleans, null, arrays, plain objects), so anything else
 * is refused up front instead of coming back changed (a Date as a string, NaN as null).
 */
import { InvalidDocumentError } from "./errors.js";
import { isFieldName } from "./names.js";
import type { CollectionSpec, Entity } from "./port.js";

export function assertEntity(collection: string, entity: Entity): void {
  if (!isPlainObject(entity)) throw new InvalidDocumentError(`${collection}: entity must be a plain object`);
  if (typeof entity._id !== "string" || entity._id.length === 0) {
    throw new InvalidDocumentError(`${collection}: _id must be a non-empty string`);
  }
  assertJsonValue(collection, entity, "");
}

/**
 * Validates the `set` of `updateOne` and returns it without `undefined` entries (which neither engine stores).
 * Keys must be plain top-level field names: a dotted key would mean a nested path on MongoDB but a literal key on
 * SQLite.
 */
export function cleanSet(collection: string, set: object): Record<string, unknown> {
  if (!isPlainObject(set)) throw new InvalidDocumentError(`${collection}: set must be a plain object`);
  const clean: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(set)) {
    if (key === "_id") throw new InvalidDocumentError(`${collection}: _id cannot be changed`);
    if (!isFieldName(key)) throw new InvalidDocumentError(`${collection}: invalid field name ${key}`);
    if (value === undefined) continue;
    assertJsonValue(collection, value, key);
    clean[key] = value;
  }
  return clean;
}

/**
 * Validates the `set` of `setFields`: dotted paths of field names, none `_id` or inside another, each to a JSON
 * value (a scalar, or an array or plain object of them, stored whole at the path).
 */
export function cleanPaths(collection: string, set: object): Array<[path: string, value: unknown]> {
  if (!isPlainObject(set)) throw new InvalidDocumentError(`${collection}: set must be a plain object`);
  const entries = Object.entries(set) as Array<[string, unknown]>;
  if (entries.length === 0) throw new InvalidDocumentError(`${collection}: set names no field`);
  for (const [path, value] of entries) {
    const segments = path.split(".");
    if (segments[0] === "_id") throw new InvalidDocumentError(`${collection}: _id cannot be changed`);
    if (!segments.every(isFieldName))
      throw new InvalidDocumentError(`${collection}: invalid field path ${path}`);
    assertJsonValue(collection, value, path);
    for (const [other] of entries)
      if (other.startsWith(`${path}.`))
        throw new InvalidDocumentError(`${collection}: ${other} is inside ${path}, also set`);
  }
  return entries;
}

/** Whether setting `path` changes what `indexed` (a dotted path) holds: the same field, or one inside the other. */
export function pathsOverlap(path: string, indexed: string): boolean {
  return path === indexed || indexed.startsWith(`${path}.`) || path.startsWith(`${indexed}.`);
}

/** `entity` with each dotted path set, creating missing nested objects (as both engines' nested updates do). */
export function withPathsSet<T extends object>(entity: T, set: Array<[string, unknown]>): T {
  const copy = structuredClone(entity) as Record<string, unknown>;
  for (const [path, value] of set) {
    const segments = path.split(".");
    let at = copy;
    for (const segment of segments.slice(0, -1)) {
      if (!isPlainObject(at[segment])) at[segment] = {};
      at = at[segment] as Record<string, unknown>;
    }
    at[segments.at(-1)!] = value;
  }
  return copy as T;
}

/**
 * Refuses an explicit null in a field covered by a unique index. Both engines leave entities whose unique fields
 * are missing unconstrained, but they disagree on explicit null (SQLite: unconstrained, MongoDB's partial index:
 * constrained), so explicit null is not allowed there at all. `doc` may be a whole entity or an update's `set`.
 */
export function assertUniqueFieldsNotNull(spec: CollectionSpec, doc: object): void {
  for (const index of spec.indexes ?? []) {
    if (!index.unique) continue;
    for (const field of index.fields) {
      if (getPath(doc, field) === null) {
        throw new InvalidDocumentError(
          `${spec.name}: ${field} is in a unique index and must be omitted rather than null`,
        );
      }
    }
  }
}

/** Value at a dotted path through nested plain objects; undefined when absent. */
export function getPath(doc: object, path: string): unknown {
  let value: unknown = doc;
  for (const segment of path.split(".")) {
    if (!isPlainObject(value)) return undefined;
    value = value[segment];
  }
  return value;
}

function assertJsonValue(collection: string, value: unknown, at: string): void {
  const fault = jsonFault(value);
  if (!fault) return;
  const path = fault.path.reduce(
    (joined, step) => (step.startsWith("[") || !joined ? joined + step : `${joined}.${step}`),
    at,
  );
  throw new InvalidDocumentError(`${collection}: ${fault.message(path)}`);
}

/** What makes a value unstorable, and where (keys and `[i]` from the value down); the path is built on failure only. */
interface JsonFault {
  path: string[];
  message(path: string): string;
}

function jsonFault(value: unknown): JsonFault | null {
  switch (typeof value) {
    case "string":
    case "boolean":
      return null;
    case "number":
      return Number.isFinite(value) ? null : { path: [], message: (at) => `${at} is not a finite number` };
    case "object": {
      if (value === null) return null;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          const item: unknown = value[i];
          const fault =
            item === undefined
              ? { path: [], message: (at: string) => `${at} is undefined` }
              : jsonFault(item);
          if (fault) {
            fault.path.unshift(`[${i}]`);
            return fault;
          }
        }
        return null;
      }
      if (!isPlainObject(value))
        return { path: [], message: (at) => `${at || "value"} is not a plain object (Date, Buffer, …)` };
      for (const key of Object.keys(value)) {
        // MongoDB reads `$`-prefixed keys as operators in replacements and queries.
        if (key.startsWith("$")) return { path: [], message: () => `key ${key} starts with $` };
        const item = value[key];
        const fault = item === undefined ? null : jsonFault(item);
        if (fault) {
          fault.path.unshift(key);
          return fault;
        }
      }
      return null;
    }
    default:
      return { path: [], message: (at) => `${at || "value"} has unsupported type ${typeof value}` };
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
