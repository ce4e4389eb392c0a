import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FilesystemObjectStore } from "./filesystem-object-store.js";

const dir = mkdtempSync(join(tmpdir(), "objects-failed-sync-"));
let roots = 0;
const nextRoot = () => join(dir, `root-${++roots}`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const eio = () => Object.assign(new Error("EIO: i/o error, fsync"), { code: "EIO" });

describe("a filesystem put whose directory sync fails", () => {
  it("leaves the directories it made to the next put on their path, which syncs their parents", async () => {
    const root = nextRoot();
    const at = (path: string) => (path ? join(resolve(root), path) : resolve(root));
    let failing = at("co/test");
    let synced: string[] = [];
    const store = await FilesystemObjectStore.open(root, {
      syncDirectory: async (path) => {
        if (path === failing) {
          failing = "";
          throw eio();
        }
        synced.push(path);
      },
    });
    // Makes co, co/test and co/test/doc; the sync of co/test (the entry of doc) fails.
    await expect(store.put("co/test/doc/a.xml", Buffer.from("a"), "text/plain")).rejects.toThrow("EIO");

    // The directories exist and are known, so no mkdir: the put syncs its own directory and, since the failed put
    // made them, the parent of each.
    synced = [];
    await store.put("co/test/doc/b.xml", Buffer.from("b"), "text/plain");
    expect(synced.sort()).toEqual([at(""), at("co"), at("co/test"), at("co/test/doc")].sort());

    // Once synced, they are durable: the next put syncs its own directory only.
    synced = [];
    await store.put("co/test/doc/c.xml", Buffer.from("c"), "text/plain");
    expect(synced).toEqual([at("co/test/doc")]);
  });

  it("makes a put waiting for that directory sync its parent itself, then acknowledges it", async () => {
    const root = nextRoot();
    const parent = join(resolve(root), "co", "test");
    const held: ((error: Error) => void)[] = [];
    const parentSyncs: string[] = [];
    const store = await FilesystemObjectStore.open(root, {
      // The first sync of co/test (the entry of the directory being made) is held, then fails.
      syncDirectory: (path) => {
        if (path !== parent) return Promise.resolve();
        parentSyncs.push(held.length === 0 ? "held" : "again");
        if (held.length > 0) return Promise.resolve();
        return new Promise((_, reject) => held.push(reject));
      },
    });
    const first = store.put("co/test/doc/a.xml", Buffer.from("a"), "text/plain");
    for (let i = 0; i < 200 && held.length === 0; i++) await new Promise((r) => setTimeout(r, 5));
    expect(held).toHaveLength(1);
    // b finds co/test/doc there (no mkdir) while a's sync of its entry is in flight: b waits for it.
    let acknowledged = false;
    const second = store.put("co/test/doc/b.xml", Buffer.from("b"), "text/plain").then(() => {
      acknowledged = true;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(acknowledged).toBe(false);
    held[0]!(eio());
    await expect(first).rejects.toThrow("EIO");
    await second;
    // b did not take the failed sync for a durable entry: it synced co/test again before answering.
    expect(parentSyncs).toEqual(["held", "again"]);
    expect((await store.get("co/test/doc/b.xml"))?.body.toString()).toBe("b");
  });
});
