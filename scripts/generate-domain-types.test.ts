import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { domainTypeFiles, outDir } from "./generate-domain-types.js";

describe("packages/domain/src/generated", () => {
  it("should be what the contracts generate today (run `npm run generate` after a .proto change)", () => {
    const files = domainTypeFiles();
    expect(readdirSync(outDir).sort()).toEqual([...files.keys()].sort());
    for (const [file, text] of files) expect(readFileSync(join(outDir, file), "utf8"), file).toBe(text);
  }, 120_000);
});
