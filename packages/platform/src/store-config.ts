import { join } from "node:path";
import { z } from "zod";

/** Env variables every service with a database or files reads; parsed inside each service's env.ts. */
export const storageEnv = {
  /** MongoDB connection string; when set the service uses database `einvoice_<service>` there instead of SQLite. */
  MONGODB_URL: z.string().optional(),
  /** Directory for embedded data: `<service>.sqlite` files and the filesystem object store. Default `.data`. */
  DATA_DIR: z.string().default(".data"),
  /** MinIO/S3 endpoint host; when set, files go to MinIO instead of `DATA_DIR/objects`. */
  MINIO_ENDPOINT: z.string().optional(),
  /** MinIO port. Default 9000. */
  MINIO_PORT: z.coerce.number().int().default(9000),
  MINIO_USE_SSL: z.enum(["true", "false"]).default("false"),
  MINIO_ACCESS_KEY: z.string().default(""),
  MINIO_SECRET_KEY: z.string().default(""),
  /** Bucket for every document file (XML, CDR, PDF). Default `einvoice-documents`. */
  MINIO_BUCKET: z.string().default("einvoice-documents"),
};

export type StorageEnv = z.infer<z.ZodObject<typeof storageEnv>>;

export type StoreConfig =
  | { engine: "sqlite"; file: string }
  | { engine: "mongodb"; url: string; database: string };

/** One database per service: SQLite `<DATA_DIR>/<service>.sqlite`, or MongoDB database `einvoice_<service>`. */
export function storeConfig(env: Pick<StorageEnv, "MONGODB_URL" | "DATA_DIR">, service: string): StoreConfig {
  const name = service.replace(/-/g, "_");
  return env.MONGODB_URL
    ? { engine: "mongodb", url: env.MONGODB_URL, database: `einvoice_${name}` }
    : { engine: "sqlite", file: join(env.DATA_DIR, `${name}.sqlite`) };
}

export type ObjectStoreConfig =
  | { kind: "filesystem"; root: string }
  | {
      kind: "minio";
      endPoint: string;
      port: number;
      useSSL: boolean;
      accessKey: string;
      secretKey: string;
      bucket: string;
    };

/** Files live in one bucket shared by signing, submission, rendering and the gateway. */
export function objectStoreConfig(env: StorageEnv): ObjectStoreConfig {
  return env.MINIO_ENDPOINT
    ? {
        kind: "minio",
        endPoint: env.MINIO_ENDPOINT,
        port: env.MINIO_PORT,
        useSSL: env.MINIO_USE_SSL === "true",
        accessKey: env.MINIO_ACCESS_KEY,
        secretKey: env.MINIO_SECRET_KEY,
        bucket: env.MINIO_BUCKET,
      }
    : { kind: "filesystem", root: join(env.DATA_DIR, "objects") };
}
