import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { envFields, parseEnv } from "./env.js";
import { parseMasterKeyList, readMasterKey, resolveMasterKey, resolveMasterKeys } from "./master-key.js";

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

describe("readMasterKey()", () => {
  it("should read the configured key or the file, and create nothing when neither exists", async () => {
    expect(await readMasterKey(undefined, dir, source)).toBeUndefined();
    await expect(stat(join(dir, source.file))).rejects.toThrow();
    const made = await resolveMasterKey(undefined, dir, source);
    expect((await readMasterKey(undefined, dir, source))?.equals(made)).toBe(true);
  });
});

describe("resolveMasterKeys() and the previous keys", () => {
  it("should seal with the current key and keep the previous ones for opening", async () => {
    const current = randomBytes(32);
    const previous = [randomBytes(32), randomBytes(32)];
    const keys = await resolveMasterKeys(current.toString("base64"), previous, dir, source);
    expect(keys.current.material.equals(current)).toBe(true);
    expect(keys.previous.map((k) => k.material.toString("hex"))).toEqual(
      previous.map((k) => k.toString("hex")),
    );
  });

  it("should parse a comma-separated list, ignoring blanks", () => {
    const [a, b] = [randomBytes(32), randomBytes(32)];
    const parsed = parseMasterKeyList(` ${a.toString("base64")} ,, ${b.toString("base64")},`);
    expect(parsed.map((k) => k.toString("hex"))).toEqual([a.toString("hex"), b.toString("hex")]);
    expect(parseMasterKeyList("")).toEqual([]);
  });

  it("should name the bad entry's position in the variable's error, never its value", () => {
    const schema = z.object({ TEST_MASTER_KEYS_PREVIOUS: envFields.masterKeyList() });
    expect(parseEnv(schema, {}).TEST_MASTER_KEYS_PREVIOUS).toEqual([]);
    const short = randomBytes(16).toString("base64");
    let message = "";
    try {
      parseEnv(schema, { TEST_MASTER_KEYS_PREVIOUS: `${randomBytes(32).toString("base64")},${short}` });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/TEST_MASTER_KEYS_PREVIOUS: .*entry 2 is not base64 of 32 bytes/);
    expect(message).not.toContain(short);
    expect(() => parseMasterKeyList("not*base64*at*all*but*long*enough*to*decode*to*32b")).toThrow(/entry 1/);
  });
});
