import type { ManagedProcess } from "./processes.js";

export interface SupervisorOptions {
  /** Delays before each restart, in milliseconds; the last repeats. Default 1 s, 2 s, 4 s, 8 s, 15 s. */
  backoffMs?: number[];
  /** A process that crashes this many times within `windowMs` is given up on. Default 5. */
  maxCrashes?: number;
  /** Window in which crashes are counted, in milliseconds. Default 60 s. */
  windowMs?: number;
  /** Told of every restart, for the log. */
  onRestart?: (name: string, exitCode: number | null, delayMs: number) => void;
  /** Called once when a process cannot stay up; the system should stop and say why. */
  onGiveUp?: (name: string, message: string) => void;
  clock?: () => number;
}

/**
 * Keeps the processes of one machine up: a process that exits while the system runs is started again after a
 * growing delay; one that keeps crashing is given up on (the caller stops the system with a clear message)
 * instead of restarting forever. `stop()` ends supervision before the processes are stopped on purpose.
 */
export class Supervisor {
  private stopped = false;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly crashes = new Map<string, number[]>();

  constructor(private readonly options: SupervisorOptions = {}) {}

  /** Watches `process`; `respawn` starts a fresh one (and resolves once it is ready), which is watched in turn. */
  watch(process: ManagedProcess, respawn: () => Promise<ManagedProcess>): void {
    void process.exited.then((code) => {
      if (!this.stopped) this.restart(process.name, code, respawn);
    });
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private restart(name: string, code: number | null, respawn: () => Promise<ManagedProcess>): void {
    const now = (this.options.clock ?? Date.now)();
    const windowMs = this.options.windowMs ?? 60_000;
    const recent = [...(this.crashes.get(name) ?? []), now].filter((t) => now - t <= windowMs);
    this.crashes.set(name, recent);
    const maxCrashes = this.options.maxCrashes ?? 5;
    if (recent.length >= maxCrashes) {
      this.stopped = true;
      this.options.onGiveUp?.(
        name,
        `${name} exited ${recent.length} times within ${Math.round(windowMs / 1000)} s (last exit code ${code}); stopping the system. See its log for why.`,
      );
      return;
    }
    const backoff = this.options.backoffMs ?? [1_000, 2_000, 4_000, 8_000, 15_000];
    const delayMs = backoff[Math.min(recent.length - 1, backoff.length - 1)] ?? 1_000;
    this.options.onRestart?.(name, code, delayMs);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (this.stopped) return;
      respawn().then(
        (fresh) => this.watch(fresh, respawn),
        // It did not come up: count it as another crash.
        () => this.restart(name, null, respawn),
      );
    }, delayMs);
    this.timers.add(timer);
  }
}
