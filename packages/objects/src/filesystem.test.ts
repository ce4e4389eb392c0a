import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runObjectStoreContract } from "./contract.js";
import { ObjectKeyConflictError } from "./errors.js";
import { FilesystemObjectStore } from "./filesystem-object-store.js";
import { openObjectStore } from "./open-object-store.js";
import { InvalidObjectKeyError } from "./port.js";

const dir = mkdtempSync(join(tmpdir(), "objects-fs-"));
let roots = 0;
const nextRoot = () => join(dir, `root-${++roots}`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const sha256 = (text: string) => createHash("sha256").update(text).digest("base64url");

runObjectStoreContract("filesystem", () => openObjectStore({ kind: "filesystem", root: nextRoot() }));

describe("filesystem object store", () => {
  it("writes one file per object, header line then body, and leaves no temporary files", async () => {
    const root = nextRoot();
    const store = await openObjectStore({ kind: "filesystem", root });
    await store.put("xml/F001-1.xml", Buffer.from("<Invoice/>"), "application/xml");
    await store.put("xml/F001-1.xml", Buffer.from("<Invoice>2</Invoice>"), "application/xml");
    expect(readdirSync(join(root, "xml"))).toEqual(["F001-1.xml"]);
    expect(readFileSync(join(root, "xml/F001-1.xml"), "utf8")).toBe(
      `{"contentType":"application/xml","sha256":"${sha256("<Invoice>2</Invoice>")}"}\n<Invoice>2</Invoice>`,
    );
  });

  it("gives objects written before digests were kept a weak entity tag, and streams them", async () => {
    const root = nextRoot();
    const store = await openObjectStore({ kind: "filesystem", root });
    mkdirSync(join(root, "old"));
    writeFileSync(join(root, "old/F001-1.xml"), '{"contentType":"application/xml"}\n<Invoice/>');
    const info = await store.stat("old/F001-1.xml");
    expect(info).toMatchObject({ contentType: "application/xml", size: 10 });
    expect(info?.etag).toMatch(/^W\/"[0-9a-z]+-[0-9a-z]+"$/);
    const chunks: Buffer[] = [];
    for await (const chunk of (await store.stream("old/F001-1.xml"))!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe("<Invoice/>");
  });

  it("keeps every key inside the root", async () => {
    const jail = join(nextRoot(), "jail");
    const store = await openObjectStore({ kind: "filesystem", root: join(jail, "root") });
    for (const key of ["../outside", "root/../../outside", "/tmp/outside"]) {
      await expect(store.put(key, Buffer.from("x"), "text/plain")).rejects.toBeInstanceOf(
        InvalidObjectKeyError,
      );
    }
    expect(readdirSync(jail)).toEqual(["root"]);
  });

  // Atomic overwrite is this adapter's own doing (temp file + rename); on MinIO it is the server's guarantee,
  // which s3rver (it rewrites files in place) does not offer, so this is not part of the shared contract.
  it("never shows a torn object to a reader during concurrent overwrites", async () => {
    const a = Buffer.alloc(200_000, "a");
    const b = Buffer.alloc(300_000, "b");
    const store = await openObjectStore({ kind: "filesystem", root: nextRoot() });
    await store.put("race", a, "text/a");
    const reads: Promise<unknown>[] = [];
    const writes: Promise<void>[] = [];
    for (let i = 0; i < 4; i++) {
      writes.push(store.put("race", i % 2 ? a : b, i % 2 ? "text/a" : "text/b"));
      reads.push(store.get("race"));
    }
    await Promise.all(writes);
    for (const read of await Promise.all(reads)) {
      const { body, contentType } = read as { body: Buffer; contentType: string };
      expect(body.equals(a) ? "text/a" : body.equals(b) ? "text/b" : "torn").toBe(contentType);
    }
  });

  it("makes each put durable: the file's directory synced after the rename, and the parent of every directory it made", async () => {
    const root = nextRoot();
    const synced: string[][] = [];
    let current: string[] = [];
    const store = await FilesystemObjectStore.open(root, {
      syncDirectory: async (path) => {
        current.push(path);
      },
    });
    const put = async (key: string) => {
      current = [];
      await store.put(key, Buffer.from(key), "text/plain");
      synced.push(current.sort());
    };
    await put("co/test/doc1/a.xml"); // makes co, co/test, co/test/doc1
    await put("co/test/doc1/b.xml"); // a known directory
    await put("co/test/doc2/a.xml"); // makes doc2 only
    const at = (path: string) => (path ? join(resolve(root), path) : resolve(root));
    expect(synced).toEqual([
      [at(""), at("co"), at("co/test"), at("co/test/doc1")].sort(),
      [at("co/test/doc1")],
      [at("co/test"), at("co/test/doc2")].sort(),
    ]);
    // The real sync (fsync of each directory) succeeds on the directories a put uses.
    const real = await FilesystemObjectStore.open(nextRoot());
    await real.put("co/test/doc/a.xml", Buffer.from("1"), "text/plain");
    expect((await real.get("co/test/doc/a.xml"))?.body.toString()).toBe("1");
  });

  it("acknowledges a put into a directory another put is still making only once that directory is durable", async () => {
    const root = nextRoot();
    const held: (() => void)[] = [];
    const store = await FilesystemObjectStore.open(root, {
      // The parent of the directory being made (co/test) is held until released; every other sync passes.
      syncDirectory: (path) =>
        path.endsWith(join("co", "test"))
          ? new Promise((resolve) => held.push(() => resolve()))
          : Promise.resolve(),
    });
    const done: string[] = [];
    const first = store.put("co/test/doc/a.xml", Buffer.from("a"), "text/plain").then(() => done.push("a"));
    for (let i = 0; i < 200 && held.length === 0; i++) await new Promise((r) => setTimeout(r, 5));
    expect(held).toHaveLength(1);
    // b finds co/test/doc already there (no mkdir), but its entry in co/test is not durable yet.
    const second = store.put("co/test/doc/b.xml", Buffer.from("b"), "text/plain").then(() => done.push("b"));
    await new Promise((r) => setTimeout(r, 50));
    expect(done).toEqual([]);
    held[0]!();
    await Promise.all([first, second]);
    expect(done.sort()).toEqual(["a", "b"]);
  });

  it("shares the parent's sync between concurrent puts making sibling directories, each acknowledged only after a sync that started once its directory existed", async () => {
    const root = nextRoot();
    const parent = join(resolve(root), "co", "test");
    const held: (() => void)[] = [];
    const store = await FilesystemObjectStore.open(root, {
      syncDirectory: (path) =>
        path === parent ? new Promise((resolve) => held.push(() => resolve())) : Promise.resolve(),
    });
    // The first put makes co/test/doc0 and holds in the sync of co/test.
    const first = store.put("co/test/doc0/a.xml", Buffer.from("0"), "text/plain");
    for (let i = 0; i < 200 && held.length === 0; i++) await new Promise((r) => setTimeout(r, 5));
    const done: string[] = [];
    const puts = [1, 2, 3].map((i) =>
      store
        .put(`co/test/doc${i}/a.xml`, Buffer.from(String(i)), "text/plain")
        .then(() => done.push(`doc${i}`)),
    );
    await new Promise((r) => setTimeout(r, 100));
    expect(held).toHaveLength(1);
    held[0]!();
    for (let i = 0; i < 200 && held.length < 2; i++) await new Promise((r) => setTimeout(r, 5));
    // The three made their directories while the first sync ran: one more sync of co/test serves them all.
    expect(held).toHaveLength(2);
    expect(done).toEqual([]);
    held[1]!();
    await Promise.all([first, ...puts]);
    expect(done.sort()).toEqual(["doc1", "doc2", "doc3"]);
    expect(held).toHaveLength(2);
  });

  it("finishes two puts that race down one new path, each having made a directory on the other's path", async () => {
    const root = nextRoot();
    const co = join(resolve(root), "co");
    // As a race of `mkdir -p` goes: the first call made co (then found co/test made), the second made co/test,
    // and the second's answer arrives last.
    let firstMade: () => void = () => {};
    const firstDone = new Promise<void>((resolve) => {
      firstMade = resolve;
    });
    let calls = 0;
    const store = await FilesystemObjectStore.open(root, {
      makeDirectories: async (path) => {
        const call = ++calls;
        if (call === 2) await firstDone;
        await mkdir(path, { recursive: true });
        if (call === 1) firstMade();
        return call === 1 ? co : join(co, "test");
      },
    });
    const puts = Promise.all([
      store.put("co/test/doc1/a.xml", Buffer.from("1"), "text/plain"),
      store.put("co/test/doc2/a.xml", Buffer.from("2"), "text/plain"),
    ]).then(() => "done");
    const hung = new Promise((resolve) => setTimeout(() => resolve("hung"), 2_000));
    expect(await Promise.race([puts, hung])).toBe("done");
    expect(calls).toBe(2);
  });

  it("writes into a directory another store (another process) made, syncing only that directory", async () => {
    const root = nextRoot();
    const signing = await FilesystemObjectStore.open(root);
    await signing.put("co/test/doc/a.xml", Buffer.from("xml"), "application/xml");
    const synced: string[] = [];
    const submission = await FilesystemObjectStore.open(root, {
      syncDirectory: async (path) => {
        synced.push(path);
      },
    });
    await submission.put("co/test/doc/R-a.zip", Buffer.from("cdr"), "application/zip");
    expect(synced).toEqual([join(resolve(root), "co/test/doc")]);
    expect(readdirSync(join(root, "co/test/doc")).sort()).toEqual(["R-a.zip", "a.xml"]);
    // A directory that does not exist yet is still made, with its parents synced.
    await submission.put("co/test/other/R-b.zip", Buffer.from("cdr"), "application/zip");
    expect(synced.slice(1).sort()).toEqual([
      join(resolve(root), "co/test"),
      join(resolve(root), "co/test/other"),
    ]);
  });

  it("makes a directory again when it was removed behind the store's back", async () => {
    const root = nextRoot();
    const store = await openObjectStore({ kind: "filesystem", root });
    await store.put("co/test/doc/a.xml", Buffer.from("1"), "text/plain");
    rmSync(join(root, "co"), { recursive: true });
    await store.put("co/test/doc/b.xml", Buffer.from("2"), "text/plain");
    expect((await store.get("co/test/doc/b.xml"))?.body.toString()).toBe("2");
    expect(readdirSync(join(root, "co/test/doc"))).toEqual(["b.xml"]);
  });

  it("reports a known directory replaced by a file behind its back as a conflict", async () => {
    const root = nextRoot();
    const store = await openObjectStore({ kind: "filesystem", root });
    await store.put("doc/a.xml", Buffer.from("1"), "text/plain");
    rmSync(join(root, "doc"), { recursive: true });
    writeFileSync(join(root, "doc"), "not a directory");
    await expect(store.put("doc/b.xml", Buffer.from("2"), "text/plain")).rejects.toBeInstanceOf(
      ObjectKeyConflictError,
    );
  });

  it("reports a key that is both an object and a prefix as a conflict", async () => {
    const store = await openObjectStore({ kind: "filesystem", root: nextRoot() });
    await store.put("a", Buffer.from("1"), "text/plain");
    await expect(store.put("a/b", Buffer.from("2"), "text/plain")).rejects.toBeInstanceOf(
      ObjectKeyConflictError,
    );
    await store.put("c/d", Buffer.from("3"), "text/plain");
    await expect(store.put("c", Buffer.from("4"), "text/plain")).rejects.toBeInstanceOf(
      ObjectKeyConflictError,
    );
    expect((await store.get("a"))?.body.toString()).toBe("1");
    expect((await store.get("c/d"))?.body.toString()).toBe("3");
  });
});
