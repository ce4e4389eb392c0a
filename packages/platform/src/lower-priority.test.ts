import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

/**
 * Runs lowerPriority in a child process (a nice value can only go up, so changing this test process's would
 * stick), after the child has started libuv's pool threads, and returns the nice value of each of its threads.
 */
const nicesAfter = (niceness: number, startAt = 0) => {
  const script = `import { readdirSync, readFileSync } from "node:fs";
    import { pbkdf2 } from "node:crypto"; import { promisify } from "node:util";
    await Promise.all([1, 2, 3, 4].map(() => promisify(pbkdf2)("p", "s", 1, 32, "sha256")));
    const { lowerPriority } = await import(${JSON.stringify(new URL("./lower-priority.ts", import.meta.url).href)});
    lowerPriority(${niceness});
    // The nice value is field 19 of /proc/<pid>/task/<tid>/stat (counted after the name, it is the 17th).
    const nices = readdirSync("/proc/self/task").map((tid) =>
      Number(readFileSync("/proc/self/task/" + tid + "/stat", "utf8").split(") ")[1].split(" ")[16]));
    console.log(JSON.stringify(nices));`;
  // Started through nice(1), as a host that runs the renderer niced would: every thread begins at `startAt`.
  const node = [process.execPath, "--import", "tsx", "--input-type=module", "-e", script];
  const run = spawnSync("nice", ["-n", String(startAt), ...node], { encoding: "utf8" });
  expect(run.stderr).toBe("");
  return JSON.parse(run.stdout) as number[];
};

describe("lowerPriority", () => {
  it("raises the nice value of every thread to the one asked for, libuv's and V8's included", () => {
    const nices = nicesAfter(10);
    // The main thread, V8's platform workers and libuv's four pool threads at least.
    expect(nices.length).toBeGreaterThanOrEqual(6);
    expect(new Set(nices)).toEqual(new Set([10]));
  });
  it("never raises the priority of a process already niced further", () => {
    expect(new Set(nicesAfter(5, 15))).toEqual(new Set([15]));
  });
  it("leaves the default priority alone when asked for 0", () => {
    expect(new Set(nicesAfter(0))).toEqual(new Set([0]));
  });
});
