import { readFileSync } from "node:fs";
import { conformanceDir } from "@einvoice/testkit";
import { describe, expect, it } from "vitest";
import { CSV_PATH, parseDistrictCsv, renderUbigeoTable, TABLE_FILE } from "./generate-ubigeo.js";

describe("generated ubigeo table", () => {
  const csv = readFileSync(`${conformanceDir}/${CSV_PATH}`, "utf8");

  it("is what `npm run generate:ubigeo` writes from the conformance catalog (run it after changing either)", () => {
    expect(readFileSync(TABLE_FILE, "utf8")).toBe(renderUbigeoTable(csv));
  });

  it("reads every row of the catalog", () => {
    expect(parseDistrictCsv(csv)).toHaveLength(1892);
  });
});
