/**
 * Object store on a local directory (the embedded default). Each object is one file at `<root>/<key>`:
 *
 *     {"contentType":"application/xml"}\n<body bytes>
 *
 * Keeping the content type in the same file as the body makes a put atomic as a whole: it is written to a
 * temporary file, fsynced, then renamed over the target, so readers see the old object or the new one, never a
 * torn body or a body paired with another put's content type. (`tail -n +2 <file>` shows the body.)
 * Temporary files are dot-named, which keys cannot be (see object-key.ts); a crash can leave one behind, harmless.
 */
import { randomUUID } from "node:crypto";
import { constants } from "node:fs";
import { access, mkdir, open, readFile, rename, stat, unlink } from "node:fs/promises";
import { basename, dirname, join, resolve, sep } from "node:path";
import { ObjectKeyConflictError } from "./errors.js";
import { assertContentType, assertObjectKey } from "./object-key.js";
import { InvalidObjectKeyError, type ObjectStore, type StoredObject } from "./port.js";

const NEWLINE = 0x0a;
/** Errors meaning "no object at this key": missing file, a file where a directory was expected, a directory. */
const ABSENT = new Set(["ENOENT", "ENOTDIR", "EISDIR"]);

export class FilesystemObjectStore implements ObjectStore {
  private constructor(private readonly root: string) {}

  static async open(root: string): Promise<FilesystemObjectStore> {
    const absolute = resolve(root);
    await mkdir(absolute, { recursive: true });
    return new FilesystemObjectStore(absolute);
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const path = this.pathOf(key);
    assertContentType(contentType);
    const header = Buffer.from(`${JSON.stringify({ contentType })}\n`);
    try {
      await mkdir(dirname(path), { recursive: true });
    } catch (error) {
      throw conflictOr(key, error, ["EEXIST", "ENOTDIR"]);
    }
    const temp = join(dirname(path), `.${basename(path)}.${randomUUID()}.tmp`);
    const file = await open(temp, "wx");
    try {
      await file.writev([header, body]);
      await file.sync();
    } finally {
      await file.close();
    }
    try {
      await rename(temp, path);
    } catch (error) {
      await unlink(temp).catch(() => undefined);
      throw conflictOr(key, error, ["EISDIR", "ENOTEMPTY", "EEXIST"]);
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    let content: Buffer;
    try {
      content = await readFile(this.pathOf(key));
    } catch (error) {
      if (isAbsent(error)) return null;
      throw error;
    }
    const newline = content.indexOf(NEWLINE);
    if (newline < 0) throw new Error(`object file for ${JSON.stringify(key)} has no header line`);
    const header = JSON.parse(content.subarray(0, newline).toString("utf8")) as { contentType: string };
    return { body: content.subarray(newline + 1), contentType: header.contentType };
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (error) {
      if (isAbsent(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.pathOf(key));
    } catch (error) {
      if (!isAbsent(error)) throw error;
    }
  }

  async ping(): Promise<void> {
    await access(this.root, constants.R_OK | constants.W_OK);
  }

  private pathOf(key: string): string {
    assertObjectKey(key);
    const path = resolve(this.root, ...key.split("/"));
    // Defence in depth: the key rules already exclude `..` and absolute paths.
    if (!path.startsWith(this.root + sep)) throw new InvalidObjectKeyError(key);
    return path;
  }
}

function isAbsent(error: unknown): boolean {
  return ABSENT.has((error as NodeJS.ErrnoException).code ?? "");
}

function conflictOr(key: string, error: unknown, codes: string[]): unknown {
  return codes.includes((error as NodeJS.ErrnoException).code ?? "")
    ? new ObjectKeyConflictError(key, { cause: error })
    : error;
}
