import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

// Run in a child process: a nice value can only go up, so changing this test process's would stick.
const niceAfter = (niceness: number, startAt = 0) => {
  const script = `import { setPriority } from "node:os"; setPriority(${startAt});
    const { lowerPriority } = await import(${JSON.stringify(new URL("./lower-priority.ts", import.meta.url).href)});
    console.log(lowerPriority(${niceness}));`;
  const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    encoding: "utf8",
  });
  expect(run.stderr).toBe("");
  return Number(run.stdout.trim());
};

describe("lowerPriority", () => {
  it("raises the nice value to the one asked for", () => {
    expect(niceAfter(10)).toBe(10);
  });
  it("never raises the priority of a process already niced further", () => {
    expect(niceAfter(5, 15)).toBe(15);
  });
  it("leaves the default priority alone when asked for 0", () => {
    expect(niceAfter(0)).toBe(0);
  });
});
