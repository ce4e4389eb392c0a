/**
 * The renderer's logos: read from a real filesystem object store once per key, kept within a byte bound, the
 * least recently printed dropped first; a changed logo (a new key) is read anew.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PermanentError } from "@einvoice/broker";
import type { Issuer } from "@einvoice/domain";
import { FilesystemObjectStore } from "@einvoice/objects";
import { testPng } from "@einvoice/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ISSUER } from "../../../../packages/pdf/test-support/documents.js";
import { IssuerLogos } from "./issuer-logos.js";

const issuerWith = (logoKey?: string): Issuer => ({ ...ISSUER, ...(logoKey ? { logo_key: logoKey } : {}) });

describe("IssuerLogos", () => {
  let dir: string;
  let objects: FilesystemObjectStore;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "issuer-logos-test-"));
    objects = await FilesystemObjectStore.open(dir);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("opens a kept logo once: later prints get the same decoded image", async () => {
    const logos = new IssuerLogos(objects, 1 << 20);
    await objects.put("logos/opened.png", testPng(60, 20), "image/png");
    const first = await logos.open(issuerWith("logos/opened.png"));
    expect(first?.image).toMatchObject({ width: 60, height: 20 });
    expect(await logos.open(issuerWith("logos/opened.png"))).toBe(first);
    expect(await logos.open(issuerWith())).toBeUndefined();
  });

  it("refuses a logo that cannot be printed as permanent, naming it", async () => {
    const logos = new IssuerLogos(objects, 1 << 20);
    await objects.put("logos/broken.png", Buffer.from("not an image at all"), "image/png");
    const opening = logos.open(issuerWith("logos/broken.png"));
    await expect(opening).rejects.toBeInstanceOf(PermanentError);
    await expect(opening).rejects.toThrow(/logo/);
  });

  it("reads a logo once: later prints get the same bytes even once the file is gone", async () => {
    const logos = new IssuerLogos(objects, 1 << 20);
    const png = testPng(40, 20);
    await objects.put("logos/once.png", png, "image/png");
    expect(Buffer.from((await logos.read(issuerWith("logos/once.png")))!)).toEqual(png);
    await objects.delete("logos/once.png");
    expect(Buffer.from((await logos.read(issuerWith("logos/once.png")))!)).toEqual(png);
  });

  it("prints a changed logo: its new key is read, not the old key's bytes", async () => {
    const logos = new IssuerLogos(objects, 1 << 20);
    const before = testPng(40, 20);
    const after = testPng(60, 30);
    await objects.put("logos/before.png", before, "image/png");
    await objects.put("logos/after.png", after, "image/png");
    expect(Buffer.from((await logos.read(issuerWith("logos/before.png")))!)).toEqual(before);
    expect(Buffer.from((await logos.read(issuerWith("logos/after.png")))!)).toEqual(after);
    expect(Buffer.from((await logos.read(issuerWith("logos/before.png")))!)).toEqual(before);
  });

  it("keeps at most its bound in bytes, dropping the least recently printed first", async () => {
    const a = testPng(40, 20);
    const b = testPng(41, 20);
    const c = testPng(42, 20);
    const logos = new IssuerLogos(objects, a.length + b.length + c.length - 1);
    for (const [key, bytes] of [
      ["logos/a.png", a],
      ["logos/b.png", b],
      ["logos/c.png", c],
    ] as const)
      await objects.put(key, bytes, "image/png");
    await logos.read(issuerWith("logos/a.png"));
    await logos.read(issuerWith("logos/b.png"));
    await logos.read(issuerWith("logos/a.png")); // a printed again: b is now the least recent
    await logos.read(issuerWith("logos/c.png")); // over the bound: b goes
    expect(logos.size).toEqual({ logos: 2, bytes: a.length + c.length });
    for (const key of ["logos/a.png", "logos/b.png", "logos/c.png"]) await objects.delete(key);
    expect(Buffer.from((await logos.read(issuerWith("logos/a.png")))!)).toEqual(a);
    expect(Buffer.from((await logos.read(issuerWith("logos/c.png")))!)).toEqual(c);
    await expect(logos.read(issuerWith("logos/b.png"))).rejects.toBeInstanceOf(PermanentError);
  });

  it("keeps none larger than its bound, and none without a logo", async () => {
    const big = testPng(80, 80);
    await objects.put("logos/big.png", big, "image/png");
    const logos = new IssuerLogos(objects, big.length - 1);
    expect(Buffer.from((await logos.read(issuerWith("logos/big.png")))!)).toEqual(big);
    expect(logos.size).toEqual({ logos: 0, bytes: 0 });
    expect(await logos.read(issuerWith())).toBeUndefined();
  });
});
