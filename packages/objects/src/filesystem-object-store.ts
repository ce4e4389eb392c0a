/**
 * Object store on a local directory (the embedded default). Each object is one file at `<root>/<key>`:
 *
 *     {"contentType":"application/xml","sha256":"<base64url of the body's SHA-256>"}\n<body bytes>
 *
 * Keeping the content type in the same file as the body makes a put atomic as a whole: it is written to a
 * temporary file, made durable, then renamed over the target, so readers see the old object or the new one, never a
 * torn body or a body paired with another put's content type. (`tail -n +2 <file>` shows the body.)
 * The digest is the object's strong ETag; files written before it existed get a weak one from size and time.
 * Temporary files are dot-named, which keys cannot be (see object-key.ts); a crash can leave one behind, harmless.
 *
 * A put is four system calls (open with O_DSYNC, writev, which returns once the data is on disk, close, rename),
 * then an fsync of the directory, whose entry the rename changed: without it a power cut could forget the rename (or a directory the put made) although the put was
 * acknowledged; a put that made directories syncs the parent of each too. Concurrent puts share those directory
 * fsyncs where one covers them all (directory-syncs.ts). Directories the store made or wrote into are remembered (a
 * bounded set); into any other the put first tries to create its file, and makes the directory only when it is
 * missing, so a put into a directory another process made (a document's CDR or PDF beside its XML) costs no mkdir,
 * while a directory whose siblings the store made (a new document's) is made straight away. One removed behind
 * the store's back is made again when the open finds it missing. The calls that may wait for the disk or the
 * journal (open/create, writev, rename, mkdir, fsync) go through node's callback API on a file descriptor, which
 * costs less CPU per call than the promise API's FileHandle; those that cannot (close of a synced file, open and
 * close of a directory for its fsync, fstat) are synchronous, cheaper than a thread-pool round trip (fd-io.ts).
 */
import { createHash, randomUUID } from "node:crypto";
import { closeSync, constants, fsync, open as openFile, openSync } from "node:fs";
import { access, type FileHandle, mkdir, open, rename, stat, unlink } from "node:fs/promises";
import { basename, dirname, join, resolve, sep } from "node:path";
import { DirectorySyncs, type SyncDirectory } from "./directory-syncs.js";
import { ObjectKeyConflictError } from "./errors.js";
import { callback, readWhole, writeAll } from "./fd-io.js";
import { assertContentType, assertObjectKey } from "./object-key.js";
import {
  InvalidObjectKeyError,
  type ObjectInfo,
  type ObjectStore,
  type ObjectStream,
  type StoredObject,
} from "./port.js";

const NEWLINE = 0x0a;
/** How many directories a store remembers as existing; past this it forgets them all and starts over. */
const KNOWN_DIRECTORIES_LIMIT = 10_000;
/** Errors meaning "no object at this key": missing file, a file where a directory was expected, a directory. */
const ABSENT = new Set(["ENOENT", "ENOTDIR", "EISDIR"]);
/** The header line is a short JSON object; reading this much always reaches its newline. */
const HEADER_READ_BYTES = 1024;
/**
 * A put's temporary file: created, never opened over an existing one (`wx`), and with O_DSYNC where the platform
 * has it, so the write returns only once the data is durable (as a write then fdatasync would, in one call).
 */
const DSYNC: number | undefined = constants.O_DSYNC;
export const CREATE_NEW = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (DSYNC ?? 0);

export type { SyncDirectory } from "./directory-syncs.js";

export interface FilesystemObjectStoreOptions {
  /** Replaces the directory fsync; for tests that check which directories a put makes durable. */
  syncDirectory?: SyncDirectory;
  /**
   * Replaces `mkdir -p` (resolves to the outermost directory it made, or undefined); for tests that make concurrent
   * puts' directory making interleave as a race between them would.
   */
  makeDirectories?: MakeDirectories;
}

/**
 * Whether a put made the directories it created durable: `promise` resolves when it did, rejects when it stopped
 * first (always handled, so a rejection nobody awaits is not reported).
 */
interface MadeDurably {
  promise: Promise<void>;
  settled: boolean;
  succeed(): void;
  fail(): void;
}

function madeDurably(): MadeDurably {
  let resolve = () => {};
  let reject = (_: Error) => {};
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  promise.catch(() => undefined);
  const state: MadeDurably = {
    promise,
    settled: false,
    succeed() {
      state.settled = true;
      resolve();
    },
    fail() {
      state.settled = true;
      reject(new Error("the put that made this directory stopped before syncing its entry"));
    },
  };
  return state;
}

/** `mkdir -p`: resolves to the outermost directory it made, undefined when all existed. */
export type MakeDirectories = (path: string) => Promise<string | undefined>;

interface Header {
  contentType: string;
  sha256?: string;
}

export class FilesystemObjectStore implements ObjectStore {
  /** Directories known to exist (made or written into by this store), so a put skips their mkdir. */
  private readonly knownDirectories = new Set<string>();
  /** Directories puts of this store made and have not yet made durable (their parents' fsync in flight). */
  private readonly making = new Map<string, Promise<void>>();
  /** Directories a put made whose entry in their parent was never synced (that put failed first). */
  private readonly undurable = new Set<string>();
  private readonly syncs: DirectorySyncs;

  private constructor(
    private readonly root: string,
    syncDirectory: SyncDirectory,
    private readonly makeDirectories: MakeDirectories,
  ) {
    this.syncs = new DirectorySyncs(syncDirectory);
  }

  static async open(
    root: string,
    options: FilesystemObjectStoreOptions = {},
  ): Promise<FilesystemObjectStore> {
    const absolute = resolve(root);
    await mkdir(absolute, { recursive: true });
    return new FilesystemObjectStore(
      absolute,
      options.syncDirectory ?? fsyncDirectory,
      options.makeDirectories ?? makeDirectoriesOnDisk,
    );
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const path = this.pathOf(key);
    assertContentType(contentType);
    const sha256 = createHash("sha256").update(body).digest("base64url");
    const header = Buffer.from(`${JSON.stringify({ contentType, sha256 } satisfies Header)}\n`);
    const directory = dirname(path);
    const temp = join(directory, `.${basename(path)}.${randomUUID()}.tmp`);
    // Puts of this store that find a directory this put made wait until it is durable (see makeDurable); it rejects
    // when this put stopped before that, and they then sync its parent themselves.
    const own = madeDurably();
    try {
      const { fd, made, madeAt } = await this.createIn(key, directory, temp, own.promise);
      let written = false;
      try {
        await writeAll(fd, [header, body]);
        if (DSYNC === undefined) await callback<void>((done) => fsync(fd, done));
        written = true;
      } finally {
        // Synchronous: closing a descriptor whose data is already on disk does no I/O, so a round trip through
        // the thread pool would cost more than the call.
        closeSync(fd);
        // A write that failed (a full disk, an I/O error) leaves no temporary file behind.
        if (!written) await unlink(temp).catch(() => undefined);
      }
      try {
        await rename(temp, path);
      } catch (error) {
        await unlink(temp).catch(() => undefined);
        throw conflictOr(key, error, ["EISDIR", "ENOTEMPTY", "EEXIST"]);
      }
      await this.makeDurable(directory, this.syncs.tick(), made, madeAt, own);
    } finally {
      // Only puts in flight are in the map, so this stays a short walk. The directories this put made are there.
      for (const [dir, making] of this.making) {
        if (making !== own.promise) continue;
        this.making.delete(dir);
        // Stopped before their entries were synced (a failed write, rename or fsync): they exist but may not
        // survive a power cut, so the next put on their path syncs their parents (see makeDurable).
        if (!own.settled) this.undurable.add(dir);
      }
      if (!own.settled) own.fail();
    }
  }

  /**
   * Creates `temp` in `directory` and returns its descriptor, with the directories this put made for it (outermost
   * first) and the tick once they existed. A directory known to exist, or one whose parent is not known (it may
   * exist, made by another process), is tried first; a missing one (or one that turned out to be gone, or no longer
   * a directory) is made. A directory that existed already is not this put's to make durable.
   */
  private async createIn(
    key: string,
    directory: string,
    temp: string,
    /** Settles once this put made its directories durable; registered for each directory it makes. */
    durable: Promise<void>,
  ): Promise<{ fd: number; made: string[]; madeAt: number }> {
    if (this.knownDirectories.has(directory) || !this.knownDirectories.has(dirname(directory))) {
      try {
        const fd = await createFile(temp);
        this.remember(directory);
        return { fd, made: [], madeAt: 0 };
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== "ENOENT" && code !== "ENOTDIR") throw error;
        this.knownDirectories.delete(directory);
      }
    }
    let first: string | undefined;
    try {
      first = await this.makeDirectories(directory);
    } catch (error) {
      throw conflictOr(key, error, ["EEXIST", "ENOTDIR"]);
    }
    const madeAt = this.syncs.tick();
    const made = first === undefined ? [] : madeBetween(first, directory);
    for (const dir of made) this.making.set(dir, durable);
    // The parents exist too: a sibling of this directory is then likely new as well (made, not tried first).
    for (let dir = directory; dir.length > this.root.length; dir = dirname(dir)) this.remember(dir);
    return { fd: await createFile(temp), made, madeAt };
  }

  private remember(directory: string): void {
    if (this.knownDirectories.size >= KNOWN_DIRECTORIES_LIMIT) this.knownDirectories.clear();
    this.knownDirectories.add(directory);
  }

  /**
   * Makes a put durable: the directory holding the renamed file, and the parent of each directory the put made,
   * are fsynced. A put into a directory that another put of this store made and has not yet made durable waits for
   * that put too, so no put is acknowledged while an entry on its path may still be lost. (Across processes, the
   * flows write a new directory's first object before anyone else writes there: signing makes a document's
   * directory with its XML; submission and rendering write there after documents.signed.)
   *
   * The directories this put made are declared durable (`own.succeed`) as soon as its own syncs are done, before it
   * waits for anyone else's. Two puts racing down one new path can each have made a directory on the other's path
   * (`mkdir -p` of `a/b/x` makes `a`, while `mkdir -p` of `a/b/y` makes `b`); had each declared its directories
   * durable only after waiting for the other, both would wait forever (the pipeline's signing stalled on it).
   *
   * A put that failed before its syncs leaves the directories it made in `undurable`; whoever puts on their path
   * next (a waiting put, or a later one) syncs their parents before acknowledging.
   */
  private async makeDurable(
    directory: string,
    renamedAt: number,
    made: string[],
    madeAt: number,
    own: MadeDurably,
  ): Promise<void> {
    const others = new Set<Promise<void>>();
    for (let dir = directory; dir.length > this.root.length; dir = dirname(dir)) {
      const making = this.making.get(dir);
      if (making && making !== own.promise) others.add(making);
    }
    await Promise.all([
      this.syncs.sync(directory, renamedAt),
      ...made.map((dir) => this.syncs.sync(dirname(dir), madeAt)),
    ]);
    own.succeed();
    // A put that failed has marked its directories undurable before rejecting.
    await Promise.allSettled(others);
    await this.syncUndurable(directory);
  }

  /** Syncs the parent of each directory on the path whose entry a failed put left unsynced. */
  private async syncUndurable(directory: string): Promise<void> {
    if (this.undurable.size === 0) return;
    const pending: string[] = [];
    for (let dir = directory; dir.length > this.root.length; dir = dirname(dir))
      if (this.undurable.has(dir)) pending.push(dir);
    // The directories exist now: a sync that starts after this tick covers their entries.
    const now = this.syncs.tick();
    await Promise.all(
      pending.map(async (dir) => {
        await this.syncs.sync(dirname(dir), now);
        this.undurable.delete(dir);
      }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    let content: Buffer | null;
    try {
      content = await readWhole(this.pathOf(key));
    } catch (error) {
      if (isAbsent(error)) return null;
      throw error;
    }
    if (!content) return null;
    const { header, length } = parseHeader(key, content);
    return { body: content.subarray(length), contentType: header.contentType };
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    const file = await this.openFile(key);
    if (!file) return null;
    try {
      return (await describe(key, file)).info;
    } finally {
      await file.close();
    }
  }

  async stream(key: string): Promise<ObjectStream | null> {
    // Reading through one handle keeps header and body of the same version: a concurrent put renames a new file
    // over the path, and this handle still reads the old one.
    const file = await this.openFile(key);
    if (!file) return null;
    try {
      const { info, headerLength } = await describe(key, file);
      return { ...info, body: file.createReadStream({ start: headerLength, autoClose: true }) };
    } catch (error) {
      await file.close();
      throw error;
    }
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

  /** The object's file opened for reading, or null when there is none (a directory is a prefix, not an object). */
  private async openFile(key: string): Promise<FileHandle | null> {
    let file: FileHandle;
    try {
      file = await open(this.pathOf(key), "r");
    } catch (error) {
      if (isAbsent(error)) return null;
      throw error;
    }
    if ((await file.stat()).isFile()) return file;
    await file.close();
    return null;
  }

  private pathOf(key: string): string {
    assertObjectKey(key);
    const path = resolve(this.root, ...key.split("/"));
    // Defence in depth: the key rules already exclude `..` and absolute paths.
    if (!path.startsWith(this.root + sep)) throw new InvalidObjectKeyError(key);
    return path;
  }
}

function parseHeader(key: string, content: Buffer): { header: Header; length: number } {
  const newline = content.indexOf(NEWLINE);
  if (newline < 0) throw new Error(`object file for ${JSON.stringify(key)} has no header line`);
  return { header: JSON.parse(content.subarray(0, newline).toString("utf8")) as Header, length: newline + 1 };
}

async function describe(key: string, file: FileHandle): Promise<{ info: ObjectInfo; headerLength: number }> {
  const { size, mtimeMs } = await file.stat();
  const head = Buffer.alloc(Math.min(HEADER_READ_BYTES, size));
  await file.read(head, 0, head.length, 0);
  const { header, length } = parseHeader(key, head);
  const bodySize = size - length;
  const etag = header.sha256
    ? `"${header.sha256}"`
    : `W/"${bodySize.toString(36)}-${Math.trunc(mtimeMs).toString(36)}"`;
  return { info: { contentType: header.contentType, size: bodySize, etag }, headerLength: length };
}

/** The directories from `first` (the outermost one mkdir made) down to `directory`, outermost first. */
function madeBetween(first: string, directory: string): string[] {
  const made = [directory];
  while (made[0] !== first && dirname(made[0]!) !== made[0]) made.unshift(dirname(made[0]!));
  return made;
}

/**
 * Opening and closing a directory the put just used (its entry is cached) does no I/O and takes no journal lock,
 * so those two calls are synchronous; only the fsync, which waits for the disk, goes through the thread pool.
 */
const fsyncDirectory: SyncDirectory = async (path) => {
  const fd = openSync(path, constants.O_RDONLY | constants.O_DIRECTORY);
  try {
    await callback<void>((done) => fsync(fd, done));
  } finally {
    closeSync(fd);
  }
};

const makeDirectoriesOnDisk: MakeDirectories = (path) => mkdir(path, { recursive: true });

function createFile(path: string): Promise<number> {
  return callback<number>((done) => openFile(path, CREATE_NEW, 0o666, done));
}

function isAbsent(error: unknown): boolean {
  return ABSENT.has((error as NodeJS.ErrnoException).code ?? "");
}

function conflictOr(key: string, error: unknown, codes: string[]): unknown {
  return codes.includes((error as NodeJS.ErrnoException).code ?? "")
    ? new ObjectKeyConflictError(key, { cause: error })
    : error;
}
