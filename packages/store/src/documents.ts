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
  switch (typeof value) {
    case "string":
    case "boolean":
      return;
    case "number":
      if (!Number.isFinite(value))
        throw new InvalidDocumentError(`${collection}: ${at} is not a finite number`);
      return;
    case "object":
      if (value === null) return;
      if (Array.isArray(value)) {
        value.forEach((item, i) => {
          if (item === undefined) throw new InvalidDocumentError(`${collection}: ${at}[${i}] is undefined`);
          assertJsonValue(collection, item, `${at}[${i}]`);
        });
        return;
      }
      if (!isPlainObject(value)) {
        throw new InvalidDocumentError(
          `${collection}: ${at || "value"} is not a plain object (Date, Buffer, …)`,
        );
      }
      for (const [key, item] of Object.entries(value)) {
        // MongoDB reads `$`-prefixed keys as operators in replacements and queries.
        if (key.startsWith("$")) throw new InvalidDocumentError(`${collection}: key ${key} starts with $`);
        if (item !== undefined) assertJsonValue(collection, item, at ? `${at}.${key}` : key);
      }
      return;
    default:
      throw new InvalidDocumentError(`${collection}: ${at || "value"} has unsupported type ${typeof value}`);
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
