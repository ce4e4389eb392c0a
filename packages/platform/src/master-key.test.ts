import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resolveMasterKey } from "./master-key.js";

const source = { variable: "TEST_MASTER_KEY", file: "test-master.key" };
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "master-key-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("resolveMasterKey()", () => {
  it("should use the configured key and write no file", async () => {
    const configured = randomBytes(32);
    const key = await resolveMasterKey(configured.toString("base64"), dir, source);
    expect(key.equals(configured)).toBe(true);
    await expect(stat(join(dir, source.file))).rejects.toThrow();
  });

  it("should name the variable when the configured key is not 32 bytes", async () => {
    await expect(resolveMasterKey(randomBytes(16).toString("base64"), dir, source)).rejects.toThrow(
      /TEST_MASTER_KEY must be base64 of 32 bytes/,
    );
  });

  it("should create a 0600 key file once and reuse it", async () => {
    const first = await resolveMasterKey(undefined, join(dir, "nested"), source);
    const file = join(dir, "nested", source.file);
    expect(first).toHaveLength(32);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(Buffer.from(await readFile(file, "utf8"), "base64").equals(first)).toBe(true);
    const again = await resolveMasterKey(undefined, join(dir, "nested"), source);
    expect(again.equals(first)).toBe(true);
  });

  it("should agree on one key when several processes race to create it", async () => {
    const keys = await Promise.all(Array.from({ length: 5 }, () => resolveMasterKey(undefined, dir, source)));
    for (const key of keys) expect(key.equals(keys[0]!)).toBe(true);
  });

  it("should refuse a corrupt key file instead of replacing it", async () => {
    await writeFile(join(dir, source.file), "short");
    await expect(resolveMasterKey(undefined, dir, source)).rejects.toThrow(/must be base64 of 32 bytes/);
  });
});
