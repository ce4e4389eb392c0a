/** The MinIO adapter against s3rver, started here on a free port (s3rver proves the protocol, not signatures). */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runObjectStoreContract } from "./contract.js";
import { MinioObjectStore, type MinioObjectStoreConfig } from "./minio-object-store.js";
import { openObjectStore } from "./open-object-store.js";

const dir = mkdtempSync(join(tmpdir(), "objects-s3rver-"));
const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: dir });
let port = 0;
let buckets = 0;

beforeAll(async () => {
  ({ port } = await server.run());
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const config = (bucket: string): MinioObjectStoreConfig => ({
  endPoint: "127.0.0.1",
  port,
  useSSL: false,
  accessKey: "S3RVER",
  secretKey: "S3RVER",
  bucket,
  region: "us-east-1",
});

runObjectStoreContract("minio (s3rver)", () =>
  openObjectStore({ kind: "minio", ...config(`contract-${++buckets}`) }),
);

describe("minio object store", () => {
  it("creates the bucket when missing, and reopens an existing one", async () => {
    const first = await MinioObjectStore.open(config("reopened"));
    await first.put("k", Buffer.from("v"), "text/plain");
    const second = await MinioObjectStore.open(config("reopened"));
    expect((await second.get("k"))?.body.toString()).toBe("v");
  });

  it("fails loudly for an unknown access key instead of reporting missing objects", async () => {
    const store = await MinioObjectStore.open(config("auth"));
    await store.put("k", Buffer.from("v"), "text/plain");
    const intruder = await MinioObjectStore.open({ ...config("auth"), accessKey: "NOBODY" }).catch(
      (e: unknown) => e,
    );
    expect(intruder).toBeInstanceOf(Error);
  });
});
