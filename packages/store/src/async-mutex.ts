/**
 * A FIFO async mutex. better-sqlite3 runs each statement synchronously, but a transaction body is async: while it
 * awaits, other callers on the same connection would otherwise slip their statements into the open transaction.
 */
export class AsyncMutex {
  private tail: Promise<unknown> = Promise.resolve();

  /** Runs `work` once every previously queued holder has finished, whether it succeeded or failed. */
  run<T>(work: () => T | Promise<T>): Promise<T> {
    const result = this.tail.then(work);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
