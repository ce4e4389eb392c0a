export * from "./errors.js";
export { MongoStore } from "./mongo/mongo-store.js";
export { openStore, type StoreConfig } from "./open-store.js";
export { type Page, type PageRequest, pageByIdDescending } from "./pages.js";
export * from "./port.js";
export { SqliteStore } from "./sqlite/sqlite-store.js";
