import { rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { note } from "./progress.js";
import { sleep } from "./stats.js";

/**
 * Removing a benchmark's data folder, and waiting until file creation costs what it usually does again.
 *
 * ext4 without a journal (this machine's disk) does not reuse an inode for 60 s after it was freed, 360 s while its
 * inode-table block is still dirty (`recently_deleted`, fs/ext4/ialloc.c), and every allocation skips each such
 * inode again, reading its table block. So for up to six minutes after a large removal (a data folder of thousands
 * of documents) each file created costs several times its usual system CPU, and the object store creates a
 * directory and three or four files per document: a run measured then measures the removal before it, mostly in
 * the storing services' libuv pools. Benchmarks record each removal of theirs, and a run waits until the last one
 * is past that window before it starts its system.
 */
const LAST_REMOVAL = join(tmpdir(), "einvoice-bench-last-removal");

/** 360 s of `recently_deleted`, and a margin for a removal that ended after its first inodes were freed. */
export const INODE_REUSE_MS = 370_000;

/** Removes a benchmark's data folder and records when (the marker file's mtime). */
export async function removeDataDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await writeFile(LAST_REMOVAL, "");
}

/** Waits until the last recorded removal is INODE_REUSE_MS old; resolves to the ms it waited (0: none needed). */
export async function waitForInodeReuse(): Promise<number> {
  let removedAtMs: number;
  try {
    removedAtMs = (await stat(LAST_REMOVAL)).mtimeMs;
  } catch {
    return 0; // no removal recorded
  }
  const waitMs = Math.max(0, removedAtMs + INODE_REUSE_MS - Date.now());
  if (waitMs > 0) {
    note(
      `waiting ${Math.ceil(waitMs / 1000)} s: a benchmark's data folder was removed ${Math.round((Date.now() - removedAtMs) / 1000)} s ago, ` +
        "and until its inodes can be reused every file created costs several times its usual CPU (bench/lib/data-removal.ts)",
    );
    await sleep(waitMs);
  }
  return waitMs;
}
