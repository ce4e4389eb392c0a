/** Opens the store named by configuration; the only place that knows which engine is in use. */
import { MongoStore } from "./mongo/mongo-store.js";
import type { Store } from "./port.js";
import { SqliteStore } from "./sqlite/sqlite-store.js";

export type StoreConfig =
  | { engine: "sqlite"; file: string }
  | { engine: "mongodb"; url: string; database: string };

export async function openStore(config: StoreConfig): Promise<Store> {
  switch (config.engine) {
    case "sqlite":
      return SqliteStore.open(config.file);
    case "mongodb":
      return MongoStore.open(config.url, config.database);
  }
}
