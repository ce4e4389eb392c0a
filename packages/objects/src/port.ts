/**
 * The object port: where signed XML, CDR archives and PDFs live. Filesystem (embedded default) and MinIO/S3
 * (production) adapters implement it. Keys are `/`-separated paths without a leading slash.
 */
export interface StoredObject {
  body: Buffer;
  contentType: string;
}

export interface ObjectStore {
  /** Writes (or overwrites) the object. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Returns null when the object does not exist. */
  get(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Cheap probe for readiness endpoints. */
  ping(): Promise<void>;
}

/** A key that could escape the store's root or is otherwise malformed. */
export class InvalidObjectKeyError extends Error {
  override readonly name = "InvalidObjectKeyError";
  constructor(readonly key: string) {
    super(`invalid object key: ${JSON.stringify(key)}`);
  }
}
