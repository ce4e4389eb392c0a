/** Opens the object store named by configuration; the only place that knows which adapter is in use. */
import { FilesystemObjectStore } from "./filesystem-object-store.js";
import { MinioObjectStore, type MinioObjectStoreConfig } from "./minio-object-store.js";
import type { ObjectStore } from "./port.js";

export type ObjectStoreConfig =
  | { kind: "filesystem"; root: string }
  | ({ kind: "minio" } & MinioObjectStoreConfig);

export async function openObjectStore(config: ObjectStoreConfig): Promise<ObjectStore> {
  switch (config.kind) {
    case "filesystem":
      return FilesystemObjectStore.open(config.root);
    case "minio":
      return MinioObjectStore.open(config);
  }
}
