import {
  closeSync,
  constants,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readWhole, skip, writeAll } from "./fd-io.js";
import { CREATE_NEW } from "./filesystem-object-store.js";

const dir = mkdtempSync(join(tmpdir(), "objects-fd-io-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("raw descriptor calls", () => {
  it("resumes a short write where it stopped, inside a buffer or at a boundary", () => {
    const buffers = [Buffer.from("head\n"), Buffer.from("body")];
    expect(Buffer.concat(skip(buffers, 0)).toString()).toBe("head\nbody");
    expect(Buffer.concat(skip(buffers, 3)).toString()).toBe("d\nbody");
    expect(Buffer.concat(skip(buffers, 5)).toString()).toBe("body");
    expect(Buffer.concat(skip(buffers, 7)).toString()).toBe("dy");
    expect(skip(buffers, 9)).toEqual([]);
    // The caller's buffers are not changed.
    expect(buffers.map(String)).toEqual(["head\n", "body"]);
  });

  it("writes every buffer, and reads a file whole, larger than one read, empty, or not a file", async () => {
    const path = join(dir, "file");
    const big = Buffer.alloc(200_000, "x");
    const fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL);
    try {
      await writeAll(fd, [Buffer.from("head\n"), big]);
    } finally {
      closeSync(fd);
    }
    expect(readFileSync(path).equals(Buffer.concat([Buffer.from("head\n"), big]))).toBe(true);
    expect((await readWhole(path))?.equals(readFileSync(path))).toBe(true);
    writeFileSync(join(dir, "empty"), "");
    expect((await readWhole(join(dir, "empty")))?.length).toBe(0);
    mkdirSync(join(dir, "sub"));
    expect(await readWhole(join(dir, "sub"))).toBeNull();
    await expect(readWhole(join(dir, "missing"))).rejects.toMatchObject({ code: "ENOENT" });
  });

  // No fsync follows a put's write where the platform has O_DSYNC: the flag is what makes the data durable.
  it.runIf(constants.O_DSYNC !== undefined)(
    "creates a put's temporary file with O_DSYNC, exclusively",
    () => {
      expect(CREATE_NEW & constants.O_DSYNC!).toBe(constants.O_DSYNC);
      expect(CREATE_NEW & constants.O_EXCL).toBe(constants.O_EXCL);
    },
  );
});
