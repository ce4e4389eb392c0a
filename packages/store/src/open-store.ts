/** Opens the store named by configuration; the only place that knows which engine is in use. */
import { MongoStore } from "./mongo/mongo-store.js";
import type { Store } from "./port.js";
import type { CheckpointWarnings } from "./sqlite/sqlite-checkpointer.js";
import { SqliteStore } from "./sqlite/sqlite-store.js";

export type StoreConfig =
  | {
      engine: "sqlite";
      file: string;
      /** Default true: a commit survives a power cut. false: a process crash only (`SqliteStoreOptions`). */
      durableCommits?: boolean;
    }
  | { engine: "mongodb"; url: string; database: string };

/** `warnings`: where the store reports what goes wrong beside a call (the service's logger). */
export async function openStore(config: StoreConfig, warnings?: CheckpointWarnings): Promise<Store> {
  switch (config.engine) {
    case "sqlite":
      return SqliteStore.open(config.file, { durableCommits: config.durableCommits ?? true, warnings });
    case "mongodb":
      return MongoStore.open(config.url, config.database);
  }
}
