import { describe, expect, it } from "vitest";
import { DirectorySyncs } from "./directory-syncs.js";

/** A fake fsync that records each call and is held until the test releases it. */
function heldSyncs() {
  const calls: { path: string; release: () => void; fail: (error: Error) => void }[] = [];
  const syncs = new DirectorySyncs(
    (path) =>
      new Promise<void>((resolve, reject) => {
        calls.push({ path, release: resolve, fail: reject });
      }),
  );
  return { syncs, calls };
}

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  await new Promise((resolve) => setImmediate(resolve));
  return done;
};

describe("directory syncs shared between puts", () => {
  it("should let a change made before a running sync started join it", async () => {
    const { syncs, calls } = heldSyncs();
    const changed = syncs.tick();
    const first = syncs.sync("/d", syncs.tick());
    const joined = syncs.sync("/d", changed);
    expect(calls).toHaveLength(1);
    calls[0]!.release();
    await Promise.all([first, joined]);
    expect(calls).toHaveLength(1);
  });

  it("should make a change seen after a sync started wait for the next sync, which every such change shares", async () => {
    const { syncs, calls } = heldSyncs();
    const first = syncs.sync("/d", syncs.tick());
    const late = [
      syncs.sync("/d", syncs.tick()),
      syncs.sync("/d", syncs.tick()),
      syncs.sync("/d", syncs.tick()),
    ];
    expect(calls).toHaveLength(1);
    calls[0]!.release();
    await first;
    expect(await settled(late[0]!)).toBe(false);
    expect(calls.map((call) => call.path)).toEqual(["/d", "/d"]);
    calls[1]!.release();
    await Promise.all(late);
    expect(calls).toHaveLength(2);
  });

  it("should sync different directories independently", async () => {
    const { syncs, calls } = heldSyncs();
    const a = syncs.sync("/a", syncs.tick());
    const b = syncs.sync("/b", syncs.tick());
    expect(calls.map((call) => call.path)).toEqual(["/a", "/b"]);
    calls[1]!.release();
    await b;
    expect(await settled(a)).toBe(false);
    calls[0]!.release();
    await a;
  });

  it("should fail the puts of a failed sync and still run the next one for the puts that wait", async () => {
    const { syncs, calls } = heldSyncs();
    const first = syncs.sync("/d", syncs.tick());
    const late = syncs.sync("/d", syncs.tick());
    calls[0]!.fail(new Error("EIO"));
    await expect(first).rejects.toThrow("EIO");
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toHaveLength(2);
    calls[1]!.release();
    await expect(late).resolves.toBeUndefined();
    // Nothing running or waiting: the next request starts a sync of its own at once.
    const again = syncs.sync("/d", syncs.tick());
    expect(calls).toHaveLength(3);
    calls[2]!.release();
    await again;
  });
});
