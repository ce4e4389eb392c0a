import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../..", import.meta.url));

function buf(...args: string[]): { status: number; output: string } {
  try {
    const output = execFileSync("npx", ["buf", ...args], { cwd: root, encoding: "utf8", stdio: "pipe" });
    return { status: 0, output };
  } catch (error) {
    const failed = error as { status: number; stdout: string; stderr: string };
    return { status: failed.status, output: `${failed.stdout}${failed.stderr}` };
  }
}

describe("the protobuf contracts", () => {
  it("should pass buf lint (STANDARD)", () => {
    expect(buf("lint")).toMatchObject({ status: 0 });
  });

  // A break must be intended: `node scripts/contracts-baseline.mjs` rewrites the baseline, so it shows in the diff.
  it("should not break the baseline contracts (buf breaking, FILE rules)", () => {
    const result = buf("breaking", "--against", "proto/contracts-baseline.json");
    expect(result.output.replace(/^npm warn.*\n/gm, "")).toBe("");
    expect(result.status).toBe(0);
  });
});
