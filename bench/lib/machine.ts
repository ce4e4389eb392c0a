import { execFileSync } from "node:child_process";
import { cpus, totalmem } from "node:os";

/** What a figure was measured on: the machine, the runtime and the code. */
export interface MachineInfo {
  cpu: string;
  cores: number;
  ramGb: number;
  node: string;
  commit: string;
  dirty: boolean;
  date: string;
  load: string;
}

export function describeMachine(repoRoot: string): MachineInfo {
  const git = (...args: string[]) => {
    try {
      return execFileSync("git", args, { cwd: repoRoot, encoding: "utf8" }).trim();
    } catch {
      return "";
    }
  };
  let load = "";
  try {
    load = execFileSync("cat", ["/proc/loadavg"], { encoding: "utf8" }).split(" ").slice(0, 3).join(" ");
  } catch {
    // not Linux
  }
  return {
    cpu: cpus()[0]?.model.trim() ?? "unknown",
    cores: cpus().length,
    ramGb: Math.round(totalmem() / 1024 ** 3),
    node: process.version,
    commit: git("rev-parse", "--short", "HEAD") || "unknown",
    // Uncommitted changes in tracked files: the figures are then not exactly those of the commit.
    dirty: git("status", "--porcelain", "--untracked-files=no") !== "",
    date: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
    load,
  };
}
