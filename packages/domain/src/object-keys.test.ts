import { describe, expect, it } from "vitest";
import { documentObjectKey, objectFileName } from "./object-keys.js";

const DOC = "doc_01KAZ3V6Q8M2X4T9R7B5C1N0PH";

describe("documentObjectKey()", () => {
  it.each([
    ["xml", false, `cmp_1/test/2026-11-27/${DOC}_20100070970-01-F001-7.xml`],
    ["cdr", false, `cmp_1/test/2026-11-27/${DOC}_R-20100070970-01-F001-7.zip`],
    ["pdf", true, `cmp_1/live/2026-11-27/${DOC}_20100070970-01-F001-7.pdf`],
    ["ticket", true, `cmp_1/live/2026-11-27/${DOC}_20100070970-01-F001-7-ticket.pdf`],
  ] as const)(
    "places the %s (livemode %s) under the company, mode and issue date, named by document and SUNAT's name",
    (kind, livemode, key) => {
      expect(
        documentObjectKey({ companyId: "cmp_1", livemode }, DOC, kind, "20100070970-01-F001-7", "2026-11-27"),
      ).toBe(key);
    },
  );

  it("refuses an issue date that is not YYYY-MM-DD (it would make another folder)", () => {
    expect(() =>
      documentObjectKey(
        { companyId: "cmp_1", livemode: false },
        DOC,
        "xml",
        "20100070970-01-F001-7",
        "27/11/2026",
      ),
    ).toThrow("YYYY-MM-DD");
  });
});

describe("objectFileName()", () => {
  it.each([
    [`cmp_1/test/2026-11-27/${DOC}_20100070970-01-F001-7.xml`, "20100070970-01-F001-7.xml"],
    [`cmp_1/test/2026-11-27/${DOC}_R-20100070970-01-F001-7.zip`, "R-20100070970-01-F001-7.zip"],
    // The earlier layout: a folder per document, the file under SUNAT's name alone.
    [`cmp_1/test/${DOC}/20100070970-01-F001-7-ticket.pdf`, "20100070970-01-F001-7-ticket.pdf"],
    ["loose.xml", "loose.xml"],
  ])("names %s %s", (key, name) => {
    expect(objectFileName(key)).toBe(name);
  });

  it("gives back SUNAT's name of every kind of file a key is made for", () => {
    for (const kind of ["xml", "cdr", "pdf", "ticket"] as const) {
      const key = documentObjectKey(
        { companyId: "cmp_1", livemode: false },
        DOC,
        kind,
        "20100070970-03-B001-9",
        "2026-01-02",
      );
      expect(objectFileName(key)).toMatch(/^(R-)?20100070970-03-B001-9(-ticket)?\.(xml|zip|pdf)$/);
    }
  });
});
