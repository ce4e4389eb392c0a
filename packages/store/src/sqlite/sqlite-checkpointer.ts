/**
 * WAL checkpoints off the event loop. SQLite's automatic checkpoint runs inside the COMMIT that takes the WAL past
 * its threshold: that COMMIT copies the WAL's pages into the database file and syncs both files, blocking the
 * event loop of the process for all of it, so every request arriving meanwhile waits. Here a worker thread with its
 * own connection to the file runs the checkpoints instead:
 *
 * - on a timer, PASSIVE checkpoints: they copy what no reader still needs, never take the write lock and never wait
 *   for it, so the store's commits go on meanwhile (SQLite lets one checkpointer run beside the writer);
 * - the WAL only starts again from its beginning when a write begins with every frame of it copied, which a
 *   steady stream of commits never allows. So once the WAL holds `restartPages`, the worker asks for the store's
 *   connection (`exclusive`: the store's queue of operations waits, its event loop does not) and checkpoints once
 *   more with no writer: only what was committed since its last pass is left to copy. The next write then
 *   restarts the WAL.
 *
 * Crash safety is SQLite's own: a checkpoint syncs the WAL before it copies and the database file before the WAL
 * may be reused, whichever connection runs it.
 */
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/**
 * The worker's code (a CommonJS script: a service bundle has no second entry point to give a worker). Messages to
 * it: "restart" (the store's connection is idle until the worker answers "restarted") and "close" (answered
 * "closed" once its connection is closed, so that the store's own is the last one and checkpoints at its close).
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma("synchronous = NORMAL");
let asked = false;
// The WAL's size after the last pass the store allowed: an idle store's WAL stays that size until its next write
// restarts it, and is not worth asking again for.
let passedAt = -1;
const checkpoint = () => {
  try {
    return db.pragma("wal_checkpoint(PASSIVE)")[0];
  } catch (error) {
    parentPort.postMessage({ failed: String(error) });
    return undefined;
  }
};
const timer = setInterval(() => {
  if (asked) return;
  const result = checkpoint();
  if (result && result.log >= workerData.restartPages && result.log !== passedAt) {
    asked = true;
    parentPort.postMessage({ type: "restart" });
  }
}, workerData.intervalMs);
parentPort.on("message", (message) => {
  if (message === "restart") {
    const result = checkpoint();
    passedAt = result ? result.log : -1;
    asked = false;
    parentPort.postMessage({ type: "restarted" });
  } else if (message === "close") {
    clearInterval(timer);
    db.close();
    parentPort.postMessage({ type: "closed" });
    parentPort.close();
  }
});
`;

/**
 * How long the store's queue waits for the worker's pass with no writer: a pass copies at most what one interval
 * committed, and syncs two files. Past it the queue goes on; the pass ends beside the writer, as PASSIVE allows.
 */
const RESTART_PASS_TIMEOUT_MS = 500;
/** How long the store's close waits for the worker to close its connection. */
const CLOSE_TIMEOUT_MS = 5_000;

type WorkerMessage = { type: "restart" | "restarted" | "closed" } | { failed: string };

/** Where the checkpointer reports what goes wrong (the service's logger). */
export interface CheckpointWarnings {
  warn(details: object, message: string): void;
}

export interface CheckpointSettings {
  /** How often the worker copies the WAL into the database file, in ms. */
  intervalMs: number;
  /** WAL pages past which the WAL is made to start again from its beginning. */
  restartPages: number;
}

export class SqliteCheckpointer {
  private readonly waiters = new Map<string, () => void>();
  private ended = false;
  /** The message of the last failed checkpoint, so a lasting failure is reported once, not every interval. */
  private failing: string | null = null;

  private constructor(private readonly worker: Worker) {}

  /**
   * Starts checkpointing `file` (a WAL database that exists). `exclusive` runs its work holding the store's
   * connection (no statement of the store runs meanwhile). `stopped` is called if the thread ends before `close`,
   * so the store checkpoints by itself again.
   */
  static start(
    file: string,
    settings: CheckpointSettings,
    hooks: {
      exclusive: (work: () => Promise<void>) => Promise<void>;
      stopped: () => void;
      warnings: CheckpointWarnings;
    },
  ): SqliteCheckpointer {
    const driver = createRequire(import.meta.url).resolve("better-sqlite3");
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, file, ...settings } });
    const checkpointer = new SqliteCheckpointer(worker);
    worker.on("error", (error) =>
      hooks.warnings.warn({ file, err: error }, "WAL checkpointer stopped; the store checkpoints by itself"),
    );
    worker.once("exit", () => {
      const unexpected = !checkpointer.ended;
      checkpointer.ended = true;
      for (const waiter of [...checkpointer.waiters.values()]) waiter();
      if (unexpected) hooks.stopped();
    });
    worker.on("message", (message: WorkerMessage) => {
      if ("failed" in message) {
        if (checkpointer.failing !== message.failed)
          hooks.warnings.warn({ file, err: message.failed }, "WAL checkpoint failed");
        checkpointer.failing = message.failed;
      } else if (message.type === "restart")
        void hooks
          .exclusive(() => checkpointer.ask("restart", "restarted", RESTART_PASS_TIMEOUT_MS))
          .catch(() => undefined);
      else {
        if (message.type === "restarted") checkpointer.failing = null;
        // The thread ends right after: that exit is expected.
        if (message.type === "closed") checkpointer.ended = true;
        checkpointer.waiters.get(message.type)?.();
      }
    });
    worker.unref();
    return checkpointer;
  }

  /** Sends `request` and resolves on `answer`, after `timeoutMs`, or at once when the thread has ended. */
  private ask(request: string, answer: string, timeoutMs: number): Promise<void> {
    if (this.ended) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(answer);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      timer.unref();
      this.waiters.set(answer, done);
      this.worker.postMessage(request);
    });
  }

  /** Closes the worker's connection and ends the thread. */
  async close(): Promise<void> {
    // Held by the thread until it has closed: a process with nothing else left to do waits for it.
    if (!this.ended) this.worker.ref();
    await this.ask("close", "closed", CLOSE_TIMEOUT_MS);
    this.ended = true;
    await this.worker.terminate();
  }
}
