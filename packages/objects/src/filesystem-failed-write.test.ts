import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";

// The store's writes fail once, as on a full disk; everything else is the real file system.
const failNext = vi.hoisted(() => ({ count: 0 }));
vi.mock("./fd-io.js", async (importOriginal) => {
  const real = await importOriginal<typeof import("./fd-io.js")>();
  return {
    ...real,
    writeAll: async (fd: number, buffers: Buffer[]) => {
      if (failNext.count > 0) {
        failNext.count--;
        throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
      }
      return real.writeAll(fd, buffers);
    },
  };
});

const { FilesystemObjectStore } = await import("./filesystem-object-store.js");

const dir = mkdtempSync(join(tmpdir(), "objects-fail-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a filesystem put whose write fails", () => {
  it("rejects, leaves no temporary file, and the next put of the key succeeds", async () => {
    const store = await FilesystemObjectStore.open(dir);
    await store.put("co/test/2026-11-27/a.xml", Buffer.from("<a/>"), "application/xml");
    failNext.count = 1;
    await expect(
      store.put("co/test/2026-11-27/b.xml", Buffer.from("<b/>"), "application/xml"),
    ).rejects.toThrow("ENOSPC");
    expect(readdirSync(join(dir, "co/test/2026-11-27"))).toEqual(["a.xml"]);
    await store.put("co/test/2026-11-27/b.xml", Buffer.from("<b/>"), "application/xml");
    expect(readdirSync(join(dir, "co/test/2026-11-27")).sort()).toEqual(["a.xml", "b.xml"]);
    expect((await store.get("co/test/2026-11-27/b.xml"))?.body.toString()).toBe("<b/>");
  });
});
