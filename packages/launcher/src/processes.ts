import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream } from "node:fs";

export interface ManagedProcess {
  name: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  /** The end of its output so far (at most OUTPUT_TAIL_CHARS): what it logged last, to tell how it is doing. */
  output: () => string;
  /** Resolves once its output has ended (its pipes closed), after it exited. */
  outputEnded: Promise<void>;
}

/** How much of a process's output is kept to tell why it exited: its last few log lines. */
const OUTPUT_TAIL_CHARS = 8_192;
/** How long to wait for an exited process's last output to arrive through its pipes. */
const OUTPUT_DRAIN_MS = 1_000;

/**
 * A process could not listen because its port was taken: by another program, or, for a port picked free a moment
 * earlier, by an outgoing connection's ephemeral port before the process listened.
 */
export class PortInUseError extends Error {
  constructor(
    readonly processName: string,
    readonly port: number | undefined,
  ) {
    super(
      `${processName} could not listen on ${port === undefined ? "its port" : `port ${port}`}: the port is in use by another program`,
    );
    this.name = "PortInUseError";
  }
}

/** The port a log says could not be listened on (node's EADDRINUSE, nats-server's bind error), if it says so. */
export function portInUse(output: string): { port: number | undefined } | undefined {
  const line = output.split("\n").find((l) => /EADDRINUSE|address already in use/.test(l));
  if (line === undefined) return undefined;
  const port = /127\.0\.0\.1:(\d+)/.exec(line)?.[1];
  return { port: port === undefined ? undefined : Number(port) };
}

/** Why a process exited before it was ready: a `PortInUseError` when its output says so. */
export async function exitedEarly(process: ManagedProcess, code: number | null): Promise<Error> {
  await Promise.race([
    process.outputEnded,
    new Promise((resolve) => setTimeout(resolve, OUTPUT_DRAIN_MS).unref()),
  ]);
  const taken = portInUse(process.output());
  return taken
    ? new PortInUseError(process.name, taken.port)
    : new Error(`${process.name} exited with code ${code} before it was ready`);
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
  let tail = "";
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString("utf8")).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const outputEnded = new Promise<void>((resolve) => child.once("close", () => resolve()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { name, child, exited, output: () => tail, outputEnded };
}

/** SIGTERM, then SIGKILL after `graceMs` if the process has not exited. */
export async function stopProcess(process: ManagedProcess, graceMs = 10_000): Promise<void> {
  if (process.child.exitCode !== null || process.child.signalCode !== null) return;
  process.child.kill("SIGTERM");
  const timer = setTimeout(() => process.child.kill("SIGKILL"), graceMs);
  await process.exited;
  clearTimeout(timer);
}

/**
 * Asks `isReady` every `intervalMs` until it says yes; fails early if the process exits (`PortInUseError` when it
 * could not listen), and after `timeoutMs` with "<name> <notReady> within <timeoutMs> ms".
 */
async function pollWhileRunning(
  process: ManagedProcess,
  isReady: () => boolean | Promise<boolean>,
  { intervalMs, timeoutMs, notReady }: { intervalMs: number; timeoutMs: number; notReady: string },
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void process.exited.then((code) => {
    exitCode = code;
  });
  for (;;) {
    if (exitCode !== undefined) throw await exitedEarly(process, exitCode);
    if (await isReady()) return;
    if (Date.now() > deadline) throw new Error(`${process.name} ${notReady} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/**
 * Waits until the process's output matches `ready` (nats-server's "Server is ready", which it logs once it listens);
 * fails early if the process exits (`PortInUseError` when it could not listen). A port probe instead could reach
 * another program's listener on a taken port.
 */
export function waitForOutput(process: ManagedProcess, ready: RegExp, timeoutMs: number): Promise<void> {
  return pollWhileRunning(process, () => ready.test(process.output()), {
    intervalMs: 50,
    timeoutMs,
    notReady: `did not log ${ready}`,
  });
}

/**
 * Polls an HTTP readiness URL until it answers 200; fails early if the process exits (`PortInUseError` when it
 * could not listen).
 */
export function waitUntilReady(process: ManagedProcess, url: string, timeoutMs: number): Promise<void> {
  const answersOk = async () => {
    try {
      return (await fetch(url, { signal: AbortSignal.timeout(2000) })).ok;
    } catch {
      return false; // not listening yet
    }
  };
  return pollWhileRunning(process, answersOk, {
    intervalMs: 100,
    timeoutMs,
    notReady: `not ready at ${url}`,
  });
}
