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
  if (result && result.log >= workerData.restartPages) {
    asked = true;
    parentPort.postMessage({ type: "restart" });
  }
}, workerData.intervalMs);
parentPort.on("message", (message) => {
  if (message === "restart") {
    checkpoint();
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

/** How long the store's connection or its close waits for the worker before going on without it. */
const WORKER_TIMEOUT_MS = 5_000;

type WorkerMessage = { type: "restart" | "restarted" | "closed" } | { failed: string };

export interface CheckpointSettings {
  /** How often the worker copies the WAL into the database file, in ms. */
  intervalMs: number;
  /** WAL pages past which the WAL is made to start again from its beginning. */
  restartPages: number;
}

export class SqliteCheckpointer {
  private readonly waiters = new Map<string, () => void>();

  private constructor(private readonly worker: Worker) {}

  /**
   * Starts checkpointing `file` (a WAL database that exists). `exclusive` runs its work holding the store's
   * connection (no statement of the store runs meanwhile).
   */
  static start(
    file: string,
    settings: CheckpointSettings,
    exclusive: (work: () => Promise<void>) => Promise<void>,
  ): SqliteCheckpointer {
    const driver = createRequire(import.meta.url).resolve("better-sqlite3");
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, file, ...settings } });
    const checkpointer = new SqliteCheckpointer(worker);
    // A failing checkpointer leaves checkpoints to the writer's fallback threshold; the process's log says why.
    worker.on("error", (error) =>
      process.emitWarning(`WAL checkpointer of ${file} stopped: ${error.message}`),
    );
    worker.on("message", (message: WorkerMessage) => {
      if ("failed" in message) process.emitWarning(`WAL checkpoint of ${file} failed: ${message.failed}`);
      else if (message.type === "restart")
        void exclusive(() => checkpointer.ask("restart", "restarted")).catch(() => undefined);
      else checkpointer.waiters.get(message.type)?.();
    });
    worker.unref();
    return checkpointer;
  }

  /** Sends `request` and resolves on `answer`, or after WORKER_TIMEOUT_MS, or when the worker has ended. */
  private ask(request: string, answer: string): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(answer);
        this.worker.off("exit", done);
        resolve();
      };
      const timer = setTimeout(done, WORKER_TIMEOUT_MS);
      this.waiters.set(answer, done);
      this.worker.once("exit", done);
      this.worker.postMessage(request);
    });
  }

  /** Closes the worker's connection and ends the thread. */
  async close(): Promise<void> {
    await this.ask("close", "closed");
    await this.worker.terminate();
  }
}
