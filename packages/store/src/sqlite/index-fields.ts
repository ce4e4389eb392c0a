/**
 * The indexed fields of an entity, kept beside its JSON in a small column of their own (`ix`), which the
 * collection's indexes are built on. An index on an expression of the whole document made SQLite re-evaluate it
 * and rewrite every index entry on each update, even when no indexed field changed, with extra WAL pages on
 * every update of a numbering record. An update that leaves `ix` as it was now touches no index.
 *
 * `ix` holds each indexed path's JSON value exactly as the document has it (nested objects for dotted paths,
 * absent when the document lacks it), so `json_extract`/`json_type` on `ix` answer what they answered on `doc`:
 * filters and sorts on indexed fields read it instead, with the same results.
 */
import { getPath } from "../documents.js";
import type { CollectionSpec } from "../port.js";

/** The fields any index of the collection covers, `_id` apart (the primary key), sorted. */
export function indexedPaths(spec: CollectionSpec): string[] {
  const paths = new Set<string>();
  for (const index of spec.indexes ?? [])
    for (const field of index.fields) if (field !== "_id") paths.add(field);
  return [...paths].sort();
}

/**
 * The paths `ix` holds: the indexed ones, less those inside another indexed path (that object holds them). Worked
 * out once per collection, not per write.
 */
export function ixPaths(indexed: readonly string[]): string[] {
  return indexed.filter((path) => !indexed.some((other) => path.startsWith(`${other}.`)));
}

/** The `ix` column's JSON for `entity` (`paths` from `ixPaths`), or null when the collection indexes nothing. */
export function indexFieldsJson(paths: readonly string[], entity: object): string | null {
  if (paths.length === 0) return null;
  const fields: Record<string, unknown> = {};
  for (const path of paths) {
    const value = getPath(entity, path);
    if (value !== undefined) setAt(fields, path, value);
  }
  return JSON.stringify(fields);
}

function setAt(target: Record<string, unknown>, path: string, value: unknown): void {
  const segments = path.split(".");
  let node = target;
  for (const segment of segments.slice(0, -1)) {
    const next = node[segment];
    if (typeof next === "object" && next !== null) node = next as Record<string, unknown>;
    else {
      const created: Record<string, unknown> = {};
      node[segment] = created;
      node = created;
    }
  }
  node[segments.at(-1)!] = value;
}
