import type { CollectionSpec, Entity, Store } from "./port.js";
import { SqliteStore } from "./sqlite/sqlite-store.js";

/**
 * A boot warm-up of the store's own code (inserts, unique-field checks, index fields, commit groups, reads,
 * updates) on a service's collection shapes, in a throwaway in-memory SQLite store: the service's real store is
 * never touched. Each round writes a few synthetic entities (every indexed path filled, distinct per entity),
 * reads them back through each index, updates and deletes them, several transactions at a time so they share a
 * commit group. Returns the rounds run, for `warmUp` in `@einvoice/platform`.
 */
export async function warmUpStore(specs: readonly CollectionSpec[], rounds = 60): Promise<number> {
  const store = SqliteStore.open(":memory:");
  try {
    await store.ensure([...specs]);
    for (let round = 0; round < rounds; round++) {
      await Promise.all(specs.map((spec) => exerciseCollection(store, spec, round)));
    }
    return rounds;
  } finally {
    await store.close();
  }
}

const ENTITIES_PER_ROUND = 4;

async function exerciseCollection(store: Store, spec: CollectionSpec, round: number): Promise<void> {
  const paths = indexedPaths(spec);
  const entities = Array.from({ length: ENTITIES_PER_ROUND }, (_, i) =>
    syntheticEntity(paths, `warm-${round}-${i}`),
  );
  await Promise.all(
    entities.map((entity) =>
      store.transaction(async (tx) => {
        const collection = tx.collection<Entity>(spec);
        await collection.insertOne(entity);
        await tx.counters.increment(`warm-up:${spec.name}`);
      }),
    ),
  );
  const collection = store.collection<Entity>(spec);
  for (const entity of entities) {
    await collection.findOne({ _id: entity._id });
    for (const index of spec.indexes ?? []) {
      const filter = Object.fromEntries(
        index.fields.map((field) => [field, valueAt(entity, field) as string]),
      );
      await collection.find(filter, { sort: [{ field: "_id", direction: -1 }], limit: 10 });
    }
    await collection.updateOne({ _id: entity._id }, { warm_up_round: round } as Partial<Entity>);
    await collection.setFields({ _id: entity._id }, { "warm_up.files.pdf": `${entity._id}.pdf` });
  }
  await collection.count({ _id: { $in: entities.map((entity) => entity._id) } });
  await store.transaction(
    async (tx) => {
      for (const entity of entities) await tx.collection<Entity>(spec).deleteOne({ _id: entity._id });
    },
    { durable: false },
  );
}

function indexedPaths(spec: CollectionSpec): string[] {
  const paths = new Set<string>();
  for (const index of spec.indexes ?? [])
    for (const field of index.fields) if (field !== "_id") paths.add(field);
  return [...paths];
}

/** An entity with every indexed path (dotted ones as nested objects) set to a value unique to `id`. */
function syntheticEntity(paths: readonly string[], id: string): Entity {
  const entity: Entity & Record<string, unknown> = { _id: id, created_at: new Date(0).toISOString() };
  for (const path of paths) {
    const parts = path.split(".");
    let node: Record<string, unknown> = entity;
    for (const part of parts.slice(0, -1)) {
      if (typeof node[part] !== "object" || node[part] === null) node[part] = {};
      node = node[part] as Record<string, unknown>;
    }
    node[parts[parts.length - 1] as string] = `${path}:${id}`;
  }
  return entity;
}

function valueAt(entity: Entity, path: string): unknown {
  let node: unknown = entity;
  for (const part of path.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
  return node;
}
