import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type ManagedProcess,
  PortInUseError,
  portInUse,
  spawnLogged,
  stopProcess,
  waitForOutput,
  waitUntilReady,
} from "./processes.js";

let dir: string;
let holder: net.Server;
let takenPort: number;
const started: ManagedProcess[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "launcher-processes-"));
  holder = net.createServer();
  await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
  takenPort = (holder.address() as net.AddressInfo).port;
});

afterEach(async () => {
  for (const process of started.splice(0)) await stopProcess(process, 1_000);
  await new Promise((resolve) => holder.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

const spawn = (name: string, command: string, args: string[]) => {
  const process = spawnLogged(name, command, args, {
    cwd: dir,
    env: globalThis.process.env,
    logFile: join(dir, `${name}.log`),
  });
  started.push(process);
  return process;
};

describe("a process that cannot listen", () => {
  it("should fail its readiness wait with PortInUseError naming node's taken port", async () => {
    const listener = spawn("tax", process.execPath, [
      "-e",
      `require("node:http2").createServer().listen(${takenPort}, "127.0.0.1")`,
    ]);
    // Its readiness is polled where nothing listens: the holder of the port would keep the poll's connection.
    const error = await waitUntilReady(listener, "http://127.0.0.1:1/readyz", 10_000).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PortInUseError);
    expect(error).toMatchObject({ processName: "tax", port: takenPort });
    expect((error as Error).message).toBe(
      `tax could not listen on port ${takenPort}: the port is in use by another program`,
    );
  });

  it("should read nats-server's bind error as PortInUseError, though another program answers on the port", async () => {
    const nats = spawn("nats-server", "nats-server", ["-a", "127.0.0.1", "-p", String(takenPort)]);
    const error = await waitForOutput(nats, /Server is ready/, 10_000).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PortInUseError);
    expect(error).toMatchObject({ processName: "nats-server", port: takenPort });
  });

  it("should wait for nats-server's readiness line on a free port", async () => {
    const free = net.createServer();
    await new Promise<void>((resolve) => free.listen(0, "127.0.0.1", resolve));
    const port = (free.address() as net.AddressInfo).port;
    await new Promise((resolve) => free.close(resolve));
    const nats = spawn("nats-server", "nats-server", ["-a", "127.0.0.1", "-p", String(port)]);
    await waitForOutput(nats, /Server is ready/, 10_000);
    expect(nats.child.exitCode).toBeNull();
  });

  it("should keep the plain exit error when the output says nothing of a port", async () => {
    const crashing = spawn("numbering", process.execPath, [
      "-e",
      "console.error('no config'); process.exit(3)",
    ]);
    const error = await waitUntilReady(crashing, "http://127.0.0.1:1/readyz", 10_000).catch(
      (e: unknown) => e,
    );
    expect(error).not.toBeInstanceOf(PortInUseError);
    expect((error as Error).message).toBe("numbering exited with code 3 before it was ready");
  });
});

describe("portInUse", () => {
  it("should find the port on the line that reports it, or none when the line has no address", () => {
    const pino =
      '{"level":60,"msg":"failed to start","err":{"message":"listen EADDRINUSE: address already in use 127.0.0.1:34487"}}';
    expect(portInUse(`{"level":30,"msg":"booting on 127.0.0.1:7000"}\n${pino}\n`)).toEqual({ port: 34487 });
    expect(portInUse("Error: listen EADDRINUSE: address already in use :::8080")).toEqual({
      port: undefined,
    });
    expect(portInUse("ready on 127.0.0.1:7000")).toBeUndefined();
  });
});
