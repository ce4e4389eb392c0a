/**
 * Calls on a raw file descriptor through node's callback API: each is one thread-pool round trip, with no FileHandle
 * (which adds its own close and GC bookkeeping) and no promise API wrapper per call. Calls that do no I/O on an open
 * descriptor (fstat, close of a file whose data is already durable) are synchronous: cheaper than a round trip.
 */
import { closeSync, constants, fstatSync, open, read, writev } from "node:fs";

/** What `readWhole` reads at a time past the size the file had when opened. */
const READ_MORE_BYTES = 64 * 1024;

/** Writes every byte of `buffers` (a write may take fewer than asked: a signal, a full disk's last blocks). */
export async function writeAll(fd: number, buffers: Buffer[]): Promise<void> {
  let rest = buffers;
  while (rest.length > 0) {
    const written = await callback<number>((done) => writev(fd, rest, done));
    rest = skip(rest, written);
  }
}

/** `buffers` without their first `bytes` bytes. */
export function skip(buffers: Buffer[], bytes: number): Buffer[] {
  let left = bytes;
  let i = 0;
  while (i < buffers.length && left >= buffers[i]!.length) left -= buffers[i++]!.length;
  const rest = buffers.slice(i);
  if (left > 0) rest[0] = rest[0]!.subarray(left);
  return rest;
}

/**
 * The file's whole content, or null when it is not a regular file (a directory is a prefix, not an object). The
 * open and the reads go through the thread pool (a path lookup or a read may wait for the disk); fstat and close of
 * an open descriptor do no I/O and are synchronous, and no FileHandle is made.
 */
export async function readWhole(path: string): Promise<Buffer | null> {
  const fd = await callback<number>((done) => open(path, constants.O_RDONLY, done));
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return null;
    const chunks: Buffer[] = [];
    let total = 0;
    // One byte more than the size: a short read (the usual case) is the end of the file, with no extra read that
    // returns 0; a full one means the file is longer than fstat said, and reading goes on to the end.
    for (let size = stats.size + 1; ; size = READ_MORE_BYTES) {
      const chunk = Buffer.allocUnsafe(size);
      const n = await callback<number>((done) => read(fd, chunk, 0, size, total, done));
      if (n > 0) chunks.push(chunk.subarray(0, n));
      total += n;
      if (n < size) break;
    }
    return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total);
  } finally {
    closeSync(fd);
  }
}

/** Adapts a node callback call to a promise (lighter than util.promisify's wrapper per call). */
export function callback<T>(
  call: (done: (error: NodeJS.ErrnoException | null, value: T) => void) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    call((error, value) => (error ? reject(error) : resolve(value)));
  });
}
