import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream } from "node:fs";

export interface ManagedProcess {
  name: string;
  child: ChildProcess;
  exited: Promise<number | null>;
}

/** Spawns a process whose output goes to a log file; exit is observable. */
export function spawnLogged(
  name: string,
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; logFile: string },
): ManagedProcess {
  const log = createWriteStream(options.logFile, { flags: "a" });
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { name, child, exited };
}

/** SIGTERM, then SIGKILL after `graceMs` if the process has not exited. */
export async function stopProcess(process: ManagedProcess, graceMs = 10_000): Promise<void> {
  if (process.child.exitCode !== null || process.child.signalCode !== null) return;
  process.child.kill("SIGTERM");
  const timer = setTimeout(() => process.child.kill("SIGKILL"), graceMs);
  await process.exited;
  clearTimeout(timer);
}

/** Polls an HTTP readiness URL until it answers 200; fails early if the process exits. */
export async function waitUntilReady(process: ManagedProcess, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void process.exited.then((code) => {
    exitCode = code;
  });
  for (;;) {
    if (exitCode !== undefined)
      throw new Error(`${process.name} exited with code ${exitCode} before it was ready`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${process.name} not ready at ${url} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
