/**
 * Validation of the names that end up inside SQL text or MongoDB index definitions. Field paths and collection
 * names are interpolated into SQL (expression indexes only match literal paths), so they are whitelisted here
 * and every value is bound as a parameter instead.
 */
import { InvalidCollectionSpecError, InvalidFilterError } from "./errors.js";
import type { CollectionSpec } from "./port.js";

const FIELD_PATH = /^[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)*$/i;
const FIELD_NAME = /^[a-z_][a-z0-9_]*$/i;
/** Leading underscore is reserved for the engines' own tables (`_counters`). */
const COLLECTION_NAME = /^[a-z][a-z0-9_]*$/;

export function assertFieldPath(path: string): void {
  if (!FIELD_PATH.test(path)) throw new InvalidFilterError(`invalid field path: ${JSON.stringify(path)}`);
}

export function isFieldName(name: string): boolean {
  return FIELD_NAME.test(name);
}

export function assertCollectionSpec(spec: CollectionSpec): void {
  if (!COLLECTION_NAME.test(spec.name) || spec.name.length > 64) {
    throw new InvalidCollectionSpecError(`invalid collection name: ${JSON.stringify(spec.name)}`);
  }
  for (const index of spec.indexes ?? []) {
    if (index.fields.length === 0) throw new InvalidCollectionSpecError(`${spec.name}: index without fields`);
    // `_id` alone (or leading) is the primary key on both engines already, and MongoDB refuses index options on
    // it; after other fields it orders the entries sharing them, which a newest-first page of those needs.
    if (index.fields[0] === "_id")
      throw new InvalidCollectionSpecError(`${spec.name}: _id is indexed implicitly`);
    for (const field of index.fields) {
      if (!FIELD_PATH.test(field)) {
        throw new InvalidCollectionSpecError(`${spec.name}: invalid index field ${JSON.stringify(field)}`);
      }
    }
  }
}

/**
 * Deterministic index name shared by both engines, so `ensure()` recognises an index it already created. The
 * uniqueness is part of the name: changing it creates a new index rather than silently keeping the old one.
 */
export function indexName(collection: string, fields: string[], unique: boolean): string {
  return `${indexNamePrefix(collection)}${fields.map((f) => f.replaceAll(".", "_")).join("__")}${unique ? "__unique" : ""}`;
}

/** How every index name of `collection` begins: an index named so is the store's. */
export function indexNamePrefix(collection: string): string {
  return `${collection}__`;
}
