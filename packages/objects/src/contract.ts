/**
 * The object-store contract: one vitest suite every adapter must pass. `makeStore` returns a store over an empty
 * location (directory or bucket) for each test.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { InvalidContentTypeError } from "./errors.js";
import { InvalidObjectKeyError, type ObjectStore } from "./port.js";

export const INVALID_KEYS = [
  "",
  "/absolute.xml",
  "trailing/",
  "a//b.xml",
  "../escape.xml",
  "a/../../escape.xml",
  "a/./b.xml",
  ".hidden",
  "windows\\path.xml",
  "nul\u0000byte",
  "x".repeat(1025),
];

export function runObjectStoreContract(name: string, makeStore: () => Promise<ObjectStore>): void {
  describe(`object store contract: ${name}`, () => {
    let store: ObjectStore;
    beforeEach(async () => {
      store = await makeStore();
    });

    it("stores bytes and content type exactly", async () => {
      const body = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
      await store.put("cdr/20100000009/R-F001-1.zip", body, "application/zip");
      const got = await store.get("cdr/20100000009/R-F001-1.zip");
      expect(got?.contentType).toBe("application/zip");
      expect(got?.body.equals(body)).toBe(true);
      expect(await store.exists("cdr/20100000009/R-F001-1.zip")).toBe(true);
    });

    it("stores empty bodies, unicode and spaces in keys, and bodies over a megabyte", async () => {
      await store.put("empty", Buffer.alloc(0), "text/plain");
      expect((await store.get("empty"))?.body.length).toBe(0);
      const xml = Buffer.from('<?xml version="1.0"?><Invoice>Ñandú ✓</Invoice>');
      await store.put("xml/año 2024/F001-1.xml", xml, "application/xml; charset=utf-8");
      expect(await store.get("xml/año 2024/F001-1.xml")).toEqual({
        body: xml,
        contentType: "application/xml; charset=utf-8",
      });
      const big = Buffer.alloc(1_500_000, 7);
      big.write("end", big.length - 3);
      await store.put("pdf/big.pdf", big, "application/pdf");
      expect((await store.get("pdf/big.pdf"))?.body.equals(big)).toBe(true);
    });

    it("overwrites body and content type", async () => {
      await store.put("doc", Buffer.from("one"), "text/plain");
      await store.put("doc", Buffer.from("{}"), "application/json");
      expect(await store.get("doc")).toEqual({ body: Buffer.from("{}"), contentType: "application/json" });
    });

    it("reports missing objects as null / false, and deletes idempotently", async () => {
      expect(await store.get("missing/x.xml")).toBeNull();
      expect(await store.exists("missing/x.xml")).toBe(false);
      await store.put("a/b", Buffer.from("1"), "text/plain");
      await store.put("a/b2", Buffer.from("2"), "text/plain");
      expect(await store.exists("a")).toBe(false);
      expect(await store.get("a")).toBeNull();
      await store.delete("a/b");
      await store.delete("a/b");
      await store.delete("never/was");
      expect(await store.get("a/b")).toBeNull();
      expect(await store.exists("a/b")).toBe(false);
      expect((await store.get("a/b2"))?.body.toString()).toBe("2");
    });

    it("refuses malformed keys and content types on every operation", async () => {
      for (const key of INVALID_KEYS) {
        await expect(store.put(key, Buffer.from("x"), "text/plain"), key).rejects.toBeInstanceOf(
          InvalidObjectKeyError,
        );
        await expect(store.get(key), key).rejects.toBeInstanceOf(InvalidObjectKeyError);
        await expect(store.exists(key), key).rejects.toBeInstanceOf(InvalidObjectKeyError);
        await expect(store.stat(key), key).rejects.toBeInstanceOf(InvalidObjectKeyError);
        await expect(store.stream(key), key).rejects.toBeInstanceOf(InvalidObjectKeyError);
        await expect(store.delete(key), key).rejects.toBeInstanceOf(InvalidObjectKeyError);
      }
      for (const contentType of ["", "text/plain\r\nx-injected: 1", "tëxt/plain"]) {
        await expect(store.put("ok", Buffer.from("x"), contentType)).rejects.toBeInstanceOf(
          InvalidContentTypeError,
        );
      }
      expect(await store.exists("ok")).toBe(false);
    });

    it("describes and streams an object: same bytes, size, type and an entity tag that follows the body", async () => {
      const body = Buffer.alloc(300_000, 9);
      body.write("Ñandú", 10);
      await store.put("pdf/20100000009/F001-1.pdf", body, "application/pdf");
      const info = await store.stat("pdf/20100000009/F001-1.pdf");
      expect(info).toMatchObject({ contentType: "application/pdf", size: body.length });
      expect(info?.etag).toMatch(/^(W\/)?"[^"]+"$/);
      const opened = await store.stream("pdf/20100000009/F001-1.pdf");
      expect(opened).toMatchObject({ contentType: "application/pdf", size: body.length, etag: info?.etag });
      const chunks: Buffer[] = [];
      for await (const chunk of opened!.body) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(body)).toBe(true);

      await store.put("pdf/20100000009/F001-1.pdf", Buffer.from("other"), "application/pdf");
      expect((await store.stat("pdf/20100000009/F001-1.pdf"))?.etag).not.toBe(info?.etag);
      await store.put("pdf/20100000009/F001-2.pdf", body, "application/pdf");
      expect(await store.stat("pdf/20100000009/F001-2.pdf")).toEqual(info);
    });

    it("describes and streams missing objects and prefixes as null, and empty bodies as empty", async () => {
      await store.put("a/b", Buffer.from("1"), "text/plain");
      for (const key of ["missing", "a"]) {
        expect(await store.stat(key)).toBeNull();
        expect(await store.stream(key)).toBeNull();
      }
      await store.put("empty", Buffer.alloc(0), "text/plain");
      const opened = await store.stream("empty");
      expect(opened?.size).toBe(0);
      const chunks: Buffer[] = [];
      for await (const chunk of opened!.body) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).length).toBe(0);
    });

    it("pings", async () => {
      await store.ping();
    });
  });
}
