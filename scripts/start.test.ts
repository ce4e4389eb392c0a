import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_PORTS } from "@einvoice/launcher";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ROOT } from "./node-runtime.mjs";

let dataDir: string;
let holder: net.Server | undefined;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "einvoice-start-"));
  // NATS's fixed port, the first the start listens on. Already taken (an `npm start` running here): taken anyway.
  const server = net.createServer();
  holder = await new Promise<net.Server | undefined>((resolve) => {
    server.once("error", () => resolve(undefined));
    server.listen(DEFAULT_PORTS.nats, "127.0.0.1", () => resolve(server));
  });
});

afterEach(async () => {
  await new Promise((resolve) => (holder ? holder.close(resolve) : resolve(undefined)));
  await rm(dataDir, { recursive: true, force: true });
});

describe("npm start on a taken port", () => {
  it("should say which process and port, in one line without a stack, and exit 1", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, EINVOICE_RUNTIME: "source", LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      `einvoice could not start: nats-server could not listen on port ${DEFAULT_PORTS.nats}: the port is in use by another program. Stop that program and run npm start again.`,
    );
  }, 120_000);
});
