/**
 * The object port: where signed XML, CDR archives and PDFs live. Filesystem (embedded default) and MinIO/S3
 * (production) adapters implement it. Keys are `/`-separated paths without a leading slash.
 */
import type { Readable } from "node:stream";

export interface StoredObject {
  body: Buffer;
  contentType: string;
}

/** What an HTTP response needs before it sends the body. */
export interface ObjectInfo {
  contentType: string;
  /** Body length in bytes. */
  size: number;
  /**
   * An HTTP entity tag, quoted (`"…"`, or `W/"…"` when the adapter can only vouch for size and time): it changes
   * whenever the body does.
   */
  etag: string;
}

/** An object opened for reading: its body flows from the store without being held whole in memory. */
export interface ObjectStream extends ObjectInfo {
  body: Readable;
}

export interface ObjectStore {
  /** Writes (or overwrites) the object. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Returns null when the object does not exist. */
  get(key: string): Promise<StoredObject | null>;
  /** Content type, size and entity tag without the body; null when the object does not exist. */
  stat(key: string): Promise<ObjectInfo | null>;
  /**
   * Opens the body as a stream, with the description of that same version of the object. The caller must consume
   * or destroy the stream. Null when the object does not exist.
   */
  stream(key: string): Promise<ObjectStream | null>;
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
