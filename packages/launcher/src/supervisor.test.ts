import { spawn } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import type { ManagedProcess } from "./processes.js";
import { Supervisor } from "./supervisor.js";

const children: ManagedProcess[] = [];

/** A real child process that exits with `code` after `ms`. */
function child(name: string, code: number, ms: number): ManagedProcess {
  const proc = spawn(process.execPath, ["-e", `setTimeout(() => process.exit(${code}), ${ms})`]);
  const managed = {
    name,
    child: proc,
    exited: new Promise<number | null>((resolve) => proc.once("exit", (c) => resolve(c))),
    output: () => "",
    outputEnded: new Promise<void>((resolve) => proc.once("close", () => resolve())),
  };
  children.push(managed);
  return managed;
}

afterEach(() => {
  for (const { child: proc } of children.splice(0)) proc.kill("SIGKILL");
});

describe("Supervisor", () => {
  it("should restart a crashed process with growing delays", async () => {
    const restarts: [string, number | null, number][] = [];
    let spawned = 0;
    const supervisor = new Supervisor({
      backoffMs: [10, 20, 40],
      onRestart: (name, code, delay) => restarts.push([name, code, delay]),
    });
    const respawn = async () => {
      spawned += 1;
      return child("tax", spawned < 3 ? 1 : 0, spawned < 3 ? 20 : 60_000);
    };
    supervisor.watch(child("tax", 1, 20), respawn);
    await new Promise((r) => setTimeout(r, 1_500));
    supervisor.stop();
    expect(restarts).toEqual([
      ["tax", 1, 10],
      ["tax", 1, 20],
      ["tax", 1, 40],
    ]);
    expect(spawned).toBe(3);
  });

  it("should give up on a process that keeps crashing, once, with a clear message", async () => {
    const messages: string[] = [];
    const supervisor = new Supervisor({
      backoffMs: [5],
      maxCrashes: 3,
      onGiveUp: (_name, message) => messages.push(message),
    });
    supervisor.watch(child("numbering", 2, 10), async () => child("numbering", 2, 10));
    await new Promise((r) => setTimeout(r, 1_500));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(
      /^numbering exited 3 times within 60 s \(last exit code 2\); stopping the system/,
    );
  });

  it("should not restart what it was told to stop", async () => {
    let restarts = 0;
    const supervisor = new Supervisor({ backoffMs: [5], onRestart: () => restarts++ });
    const proc = child("signing", 0, 60_000);
    supervisor.watch(proc, async () => child("signing", 0, 60_000));
    supervisor.stop();
    proc.child.kill("SIGTERM");
    await proc.exited;
    await new Promise((r) => setTimeout(r, 50));
    expect(restarts).toBe(0);
  });
});
