import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, waitForPort } from "./free-port.js";

export interface NatsServerHandle {
  url: string;
  port: number;
  storeDir: string;
  /** Stops the server; with `keepData` the store survives for a restart test. */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

/** Starts Debian's `nats-server` with JetStream on a free loopback port and a fresh store directory. */
export async function startNatsServer(
  options: { storeDir?: string; port?: number } = {},
): Promise<NatsServerHandle> {
  const port = options.port ?? (await freePort());
  const storeDir = options.storeDir ?? (await mkdtemp(join(tmpdir(), "einvoice-nats-")));
  const child: ChildProcess = spawn(
    "nats-server",
    ["-a", "127.0.0.1", "-p", String(port), "-js", "-sd", storeDir],
    {
      stdio: "ignore",
    },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await waitForPort(port);
  return {
    url: `nats://127.0.0.1:${port}`,
    port,
    storeDir,
    stop: async ({ keepData = false } = {}) => {
      child.kill("SIGTERM");
      await exited;
      if (!keepData) await rm(storeDir, { recursive: true, force: true });
    },
  };
}
