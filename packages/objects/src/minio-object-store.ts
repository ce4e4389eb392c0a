/**
 * Object store on MinIO / S3 through the `minio` client. Bodies are uploaded as Buffers with their size:
 * an unknown-size stream would take the multipart path, which plain single-part PUTs avoid (and s3rver, used in
 * tests, does not implement). The content type travels as the object's Content-Type.
 */
import type { IncomingMessage } from "node:http";
import { Client, S3Error } from "minio";
import { assertContentType, assertObjectKey } from "./object-key.js";
import type { ObjectInfo, ObjectStore, ObjectStream, StoredObject } from "./port.js";

export interface MinioObjectStoreConfig {
  endPoint: string;
  port: number;
  useSSL: boolean;
  accessKey: string;
  secretKey: string;
  bucket: string;
  /** Bucket region; giving it spares the client a bucket-location lookup. */
  region?: string;
}

const NOT_FOUND = new Set(["NoSuchKey", "NotFound"]);
const DEFAULT_CONTENT_TYPE = "application/octet-stream";

export class MinioObjectStore implements ObjectStore {
  private constructor(
    private readonly client: Client,
    private readonly bucket: string,
  ) {}

  /** Connects and creates the bucket when it does not exist yet. */
  static async open(config: MinioObjectStoreConfig): Promise<MinioObjectStore> {
    const client = new Client({
      endPoint: config.endPoint,
      port: config.port,
      useSSL: config.useSSL,
      accessKey: config.accessKey,
      secretKey: config.secretKey,
      ...(config.region ? { region: config.region } : {}),
    });
    if (!(await client.bucketExists(config.bucket))) {
      try {
        await client.makeBucket(config.bucket, config.region ?? "us-east-1");
      } catch (error) {
        // Another replica created it first.
        if (!(error instanceof S3Error && error.code === "BucketAlreadyOwnedByYou")) throw error;
      }
    }
    return new MinioObjectStore(client, config.bucket);
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertObjectKey(key);
    assertContentType(contentType);
    await this.client.putObject(this.bucket, key, body, body.length, { "Content-Type": contentType });
  }

  async get(key: string): Promise<StoredObject | null> {
    assertObjectKey(key);
    let response: IncomingMessage;
    try {
      // The client resolves with the HTTP response itself: its headers carry the content type, so one request
      // returns body and type consistently (a separate stat could describe another version of the object).
      response = (await this.client.getObject(this.bucket, key)) as IncomingMessage;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of response) chunks.push(chunk as Buffer);
    const contentType = response.headers?.["content-type"] ?? DEFAULT_CONTENT_TYPE;
    return { body: Buffer.concat(chunks), contentType };
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    assertObjectKey(key);
    try {
      const stat = await this.client.statObject(this.bucket, key);
      const contentType = (stat.metaData as Record<string, string> | undefined)?.["content-type"];
      return { contentType: contentType ?? DEFAULT_CONTENT_TYPE, size: stat.size, etag: quoted(stat.etag) };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async stream(key: string): Promise<ObjectStream | null> {
    assertObjectKey(key);
    let response: IncomingMessage;
    try {
      response = (await this.client.getObject(this.bucket, key)) as IncomingMessage;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
    const { headers } = response;
    return {
      contentType: headers["content-type"] ?? DEFAULT_CONTENT_TYPE,
      size: Number(headers["content-length"]),
      etag: quoted(String(headers.etag ?? "")),
      body: response,
    };
  }

  async exists(key: string): Promise<boolean> {
    assertObjectKey(key);
    try {
      await this.client.statObject(this.bucket, key);
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertObjectKey(key);
    // S3 deletes are idempotent: deleting a missing key succeeds.
    await this.client.removeObject(this.bucket, key);
  }

  async ping(): Promise<void> {
    if (!(await this.client.bucketExists(this.bucket)))
      throw new Error(`bucket ${this.bucket} does not exist`);
  }
}

/** S3 ETags arrive quoted in headers and unquoted from the client's stat: one form for HTTP. */
function quoted(etag: string): string {
  return `"${etag.replace(/^"|"$/g, "")}"`;
}

function isNotFound(error: unknown): boolean {
  return error instanceof S3Error && NOT_FOUND.has(error.code ?? "");
}
