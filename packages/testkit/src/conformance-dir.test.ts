import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { CONFORMANCE_DIR_VARIABLE, conformanceDir, resolveConformanceDir } from "./conformance-dir.js";

const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));

describe("resolveConformanceDir", () => {
  it.each([
    { env: {}, expected: join(dirname(resolve(repoRoot)), "shared", "conformance") },
    {
      env: { [CONFORMANCE_DIR_VARIABLE]: "" },
      expected: join(dirname(resolve(repoRoot)), "shared", "conformance"),
    },
    { env: { [CONFORMANCE_DIR_VARIABLE]: "/data/conformance" }, expected: "/data/conformance" },
    { env: { [CONFORMANCE_DIR_VARIABLE]: "ci/conformance" }, expected: resolve("ci/conformance") },
  ])("$env → $expected", ({ env, expected }) => {
    expect(resolveConformanceDir(env)).toBe(expected);
  });

  it("finds the data of this run (the UBL 2.1 invoice schema is there)", () => {
    expect(existsSync(join(conformanceDir, "xsd/ubl-2.1/maindoc/UBL-Invoice-2.1.xsd")), conformanceDir).toBe(
      true,
    );
  });
});
