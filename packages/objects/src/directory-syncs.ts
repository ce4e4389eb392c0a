/** Makes a directory's entries durable (an fsync of the directory). */
export type SyncDirectory = (path: string) => Promise<void>;

interface DirectoryState {
  /** The sync running now, and the tick it started at. */
  running?: { startedAt: number; done: Promise<void> };
  /** The sync that starts when the running one ends; everyone who asks meanwhile shares it. */
  queued?: Promise<void>;
}

/**
 * Shares directory fsyncs between concurrent puts, as a group commit shares a COMMIT. A put asks for its
 * directory to be synced after a change it made there (a rename into it, a directory made in it), naming the tick
 * at which it saw that change done. A sync that started after that tick covers the change, so the put joins it;
 * one that started before may have missed it, so the put waits for the next, which starts when the running one
 * ends and serves every put that asked in the meantime. Concurrent puts making sibling directories under one parent
 * (a document directory each, under `<company>/<mode>/`) then pay about one parent fsync between them.
 */
export class DirectorySyncs {
  private clock = 0;
  private readonly states = new Map<string, DirectoryState>();

  constructor(private readonly syncDirectory: SyncDirectory) {}

  /** The current tick: taken once a change is known done, before asking for the sync that covers it. */
  tick(): number {
    return ++this.clock;
  }

  /** Resolves once a sync of `directory` that started after tick `changedAt` has completed. */
  sync(directory: string, changedAt: number): Promise<void> {
    let state = this.states.get(directory);
    if (!state) {
      state = {};
      this.states.set(directory, state);
    }
    const { running } = state;
    if (!running) return this.start(directory, state);
    if (running.startedAt > changedAt) return running.done;
    state.queued ??= running.done.then(
      () => this.startQueued(directory, state),
      () => this.startQueued(directory, state),
    );
    return state.queued;
  }

  private startQueued(directory: string, state: DirectoryState): Promise<void> {
    state.queued = undefined;
    return this.start(directory, state);
  }

  private start(directory: string, state: DirectoryState): Promise<void> {
    const running = { startedAt: this.tick(), done: Promise.resolve() };
    running.done = this.syncDirectory(directory).finally(() => {
      if (state.running === running) state.running = undefined;
      // Nothing running or waiting: forget the directory, so the map holds only directories being synced.
      if (!state.running && !state.queued) this.states.delete(directory);
    });
    state.running = running;
    return running.done;
  }
}
