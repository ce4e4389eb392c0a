import { describe, expect, it } from "vitest";
import { documentObjectKey } from "./object-keys.js";

describe("documentObjectKey()", () => {
  it.each([
    ["xml", false, "cmp_1/test/doc_1/20100070970-01-F001-7.xml"],
    ["cdr", false, "cmp_1/test/doc_1/R-20100070970-01-F001-7.zip"],
    ["pdf", true, "cmp_1/live/doc_1/20100070970-01-F001-7.pdf"],
    ["ticket", true, "cmp_1/live/doc_1/20100070970-01-F001-7-ticket.pdf"],
  ] as const)(
    "should place the %s (livemode %s) under the company, mode and document",
    (kind, livemode, key) => {
      expect(
        documentObjectKey({ companyId: "cmp_1", livemode }, "doc_1", kind, "20100070970-01-F001-7"),
      ).toBe(key);
    },
  );
});
