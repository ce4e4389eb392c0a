export * from "./errors.js";
export { FilesystemObjectStore } from "./filesystem-object-store.js";
export { MinioObjectStore, type MinioObjectStoreConfig } from "./minio-object-store.js";
export { type ObjectStoreConfig, openObjectStore } from "./open-object-store.js";
export * from "./port.js";
