import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REPO_ROOT } from "@einvoice/launcher";
import { progress } from "./progress.js";

/**
 * Runs one of the standalone benchmarks (`bench/*.ts`, the PDF one) as a child process with `--json <file>` and
 * returns what it wrote. Its output lines are shown as progress; the full output goes to `log`. A script that
 * does not exist (yet) gives `undefined`: the suite reports "not available" rather than a made-up figure.
 */
export async function runChildBench<T>(
  script: string,
  args: string[],
  log: string[],
): Promise<{ result?: T; error?: string }> {
  if (!existsSync(join(REPO_ROOT, script))) return { error: `${script} does not exist` };
  const dir = await mkdtemp(join(tmpdir(), "einvoice-bench-child-"));
  const json = join(dir, "result.json");
  try {
    const child = spawn(process.execPath, ["--import", "tsx", script, ...args, "--json", json], {
      cwd: REPO_ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const onOutput = (chunk: Buffer) => {
      for (const line of chunk.toString().split("\n")) {
        if (!line.trim()) continue;
        log.push(line);
        progress(line.trim().slice(0, 100));
      }
    };
    child.stdout.on("data", onOutput);
    child.stderr.on("data", onOutput);
    const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
    if (!existsSync(json)) return { error: `${script} exited with ${code} without writing its JSON` };
    const result = JSON.parse(await readFile(json, "utf8")) as T;
    // numbering.ts exits 1 when it found gaps or duplicates: the figures are still reported, with that verdict.
    return code === 0 ? { result } : { result, error: `${script} exited with ${code}` };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
