import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { unzipSync, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { fixture, GREENTER_CDR_DIR, listFixtures } from "../test-support/fixtures.js";
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

  /** fflate's reading (which unzipEntries used before it inflated natively): entries, or "corrupt". */
  function fflateEntries(zip: Uint8Array): unknown {
    try {
      return Object.entries(unzipSync(zip))
        .filter(([name]) => !name.endsWith("/"))
        .map(([name, data]) => [name, Buffer.from(data).toString("hex")])
        .sort();
    } catch {
      return "corrupt";
    }
  }

  function ourEntries(zip: Uint8Array): unknown {
    try {
      return unzipEntries(zip)
        .map((e) => [e.name, e.data.toString("hex")])
        .sort();
    } catch (error) {
      expect((error as ZipFormatError).code).toBe("0156");
      return "corrupt";
    }
  }

  const xml = new TextEncoder().encode(`<Invoice>${"Compañía 12.50 ".repeat(60)}</Invoice>`);
  const archives = (): Uint8Array[] => [
    ...listFixtures(GREENTER_CDR_DIR)
      .filter((name) => name.endsWith(".zip"))
      .map((name) => fixture(GREENTER_CDR_DIR, name)),
    zipSync({ "R-1.xml": xml, "dummy/": new Uint8Array(), dummy: new Uint8Array() }, { level: 0 }),
    zipSync({ "a.xml": xml, "ñandú.xml": xml.subarray(0, 40) }, { level: 9 }),
    zipSync({ "a.xml": xml }, { level: 6, comment: "a comment that the end record search must skip" }),
    zipSync({ "empty.xml": new Uint8Array() }),
    zipSync({}),
  ];

  it("reads what fflate read: the CDR fixtures, stored and deflated entries, UTF-8 names, comments, empty files", async () => {
    const all = [...archives(), await zipDocument("20000000001-01-F001-1", Buffer.from(xml))];
    expect(all.length).toBeGreaterThan(6);
    for (const zip of all) {
      const ours = ourEntries(zip);
      expect(ours).not.toBe("corrupt");
      expect(ours).toEqual(fflateEntries(zip));
    }
    expect(unzipEntries(zipSync({ "ñandú.xml": xml }))[0]!.name).toBe("ñandú.xml");
  });

  it("refuses (0156) the truncated and damaged archives fflate refused, and reads the same from those it read", () => {
    let seed = 11;
    const next = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    let refused = 0;
    let read = 0;
    let stricter = 0;
    for (const zip of archives()) {
      for (let round = 0; round < 300; round++) {
        const damaged = Buffer.from(zip.subarray(0, round % 3 === 0 ? next(zip.length) + 1 : zip.length));
        for (let hits = 1 + next(3); hits > 0 && round % 3 !== 0; hits--)
          damaged[next(damaged.length)] = next(256);
        const expected = fflateEntries(damaged);
        const ours = ourEntries(damaged);
        if (ours === "corrupt") refused++;
        else read++;
        // Where fflate refused, we refuse; where we read, we read what fflate read. We refuse more, but only damaged
        // archives: an entry that inflates past its declared size (fflate cut it off there and returned the stump)
        // or a stream zlib finds broken where fflate inflated garbage (a distance too far back, for one).
        if (expected === "corrupt") expect(ours, damaged.toString("hex")).toBe("corrupt");
        else if (ours === "corrupt" && !damaged.equals(zip)) stricter++;
        else expect(ours, damaged.toString("hex")).toEqual(expected);
      }
    }
    expect(refused).toBeGreaterThan(100);
    expect(read).toBeGreaterThan(100);
    expect(stricter).toBeLessThan(refused);
  });

  it("refuses (0156) an entry that inflates past its declared size, and reads one that stops short as fflate did", () => {
    const zip = Buffer.from(zipSync({ "a.xml": xml }, { level: 6 }));
    const central = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    const shrunk = Buffer.from(zip);
    shrunk.writeUInt32LE(xml.length - 1, central + 24);
    expect(() => unzipEntries(shrunk)).toThrow(expect.objectContaining({ code: "0156" }));
    const grown = Buffer.from(zip);
    grown.writeUInt32LE(xml.length + 100, central + 24);
    expect(unzipEntries(grown)[0]!.data.equals(Buffer.from(xml))).toBe(true);
    expect(fflateEntries(grown)).toEqual(ourEntries(grown));
    expect(unzipEntries(zip)[0]!.data.equals(Buffer.from(xml))).toBe(true);
  });
});
