import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { ZipFormatError } from "./errors.js";
import { unzipEntries, zipDocument } from "./zip.js";

describe("zipDocument / unzipEntries", () => {
  it("round-trips NAME.zip holding exactly NAME.xml, UTF-8 preserved", async () => {
    const xml = '<?xml version="1.0" encoding="UTF-8"?><Invoice>Compañía – ñandú</Invoice>';
    const zip = await zipDocument("20000000001-01-F001-1", xml);
    expect(zip.subarray(0, 2).toString("latin1")).toBe("PK");
    const entries = unzipEntries(zip);
    expect(entries.map((e) => e.name)).toEqual(["20000000001-01-F001-1.xml"]);
    expect(entries[0]!.data.toString("utf8")).toBe(xml);
  });

  it("zips bytes as given at the level asked: level 1 is a valid archive of the same bytes, a little larger", async () => {
    const xml = Buffer.from(`<Invoice>${"Compañía – ñandú 12.50 ".repeat(400)}</Invoice>`, "utf8");
    const fast = await zipDocument("20000000001-01-F001-1.zip", xml, 1);
    const standard = await zipDocument("20000000001-01-F001-1.zip", xml);
    expect(unzipEntries(fast)[0]!.data.equals(xml)).toBe(true);
    expect(fast.length).toBeGreaterThan(standard.length);
    const dir = mkdtempSync(join(tmpdir(), "zip-test-"));
    try {
      const file = join(dir, "fast.zip");
      writeFileSync(file, fast);
      expect(execFileSync("unzip", ["-t", file], { encoding: "utf8" })).toContain("No errors detected");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("writes an archive Info-ZIP's unzip reads and checks (CRC, sizes, a 0644 file, the time stamp)", async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?><Invoice>${"Compañía – ñandú ".repeat(500)}</Invoice>`;
    const dir = mkdtempSync(join(tmpdir(), "zip-test-"));
    try {
      const file = join(dir, "20000000001-01-F001-1.zip");
      writeFileSync(file, await zipDocument("20000000001-01-F001-1", xml));
      expect(execFileSync("unzip", ["-t", file], { encoding: "utf8" })).toContain("No errors detected");
      expect(execFileSync("unzip", ["-p", file], { encoding: "utf8" })).toBe(xml);
      const listing = execFileSync("zipinfo", ["-l", file], { encoding: "utf8" });
      expect(listing).toMatch(/-rw-r--r--.* defN .* 20000000001-01-F001-1\.xml/);
      const today = new Date();
      const stamp = `${String(today.getFullYear()).slice(2)}-${["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][today.getMonth()]}-${String(today.getDate()).padStart(2, "0")}`;
      expect(listing).toContain(stamp);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("accepts a file name that already carries .zip or .xml", async () => {
    for (const name of ["20000000001-03-B001-9.zip", "20000000001-03-B001-9.xml"]) {
      const entries = unzipEntries(await zipDocument(name, "<a/>"));
      expect(entries.map((e) => e.name)).toEqual(["20000000001-03-B001-9.xml"]);
    }
  });

  it("drops folder entries but keeps SUNAT's dummy file", () => {
    const zip = zipSync({
      "dummy/": new Uint8Array(),
      dummy: new Uint8Array(),
      "R-20000000001-01-F001-1.xml": new TextEncoder().encode("<x/>"),
    });
    expect(
      unzipEntries(zip)
        .map((e) => e.name)
        .sort(),
    ).toEqual(["R-20000000001-01-F001-1.xml", "dummy"]);
  });

  it("reports corrupt (0156) and empty (0155) archives with SUNAT codes", () => {
    expect(() => unzipEntries(Buffer.from("not a zip at all"))).toThrow(ZipFormatError);
    try {
      unzipEntries(Buffer.from("PK\u0003\u0004garbage"));
      expect.unreachable();
    } catch (e) {
      expect((e as ZipFormatError).code).toBe("0156");
    }
    expect(() => unzipEntries(Buffer.alloc(0))).toThrow(expect.objectContaining({ code: "0155" }));
  });
});
