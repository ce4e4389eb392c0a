/**
 * Transaction bookkeeping shared by both engines.
 *
 * - The body's async context is tagged (AsyncLocalStorage) so that using the outer store inside its own
 *   transaction body is refused, instead of deadlocking (SQLite) or silently escaping the transaction (MongoDB).
 * - A failed operation dooms the transaction. MongoDB aborts a transaction server-side on any write error, so a
 *   body that caught a DuplicateKeyError and carried on would work on SQLite only; both engines now refuse it.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { TransactionMisuseError } from "./errors.js";

export class OpenTransaction {
  open = true;
  /** First error thrown by an operation of this transaction; the transaction can then only roll back. */
  failure: { error: unknown } | undefined;

  constructor(readonly owner: object) {}

  /** Runs one operation of the `tx` scope. */
  async operation<T>(work: () => T | Promise<T>): Promise<T> {
    if (!this.open)
      throw new TransactionMisuseError("a transaction scope was used after its transaction ended");
    if (this.failure) {
      throw new TransactionMisuseError(
        "an earlier operation of this transaction failed; it can only roll back",
        {
          cause: this.failure.error,
        },
      );
    }
    try {
      return await work();
    } catch (error) {
      this.failure = { error };
      throw error;
    }
  }

  /** Runs the body in this transaction's context; rethrows the first operation failure even if the body caught it. */
  async runBody<R>(body: () => Promise<R>): Promise<R> {
    const result = await current.run(this, body);
    if (this.failure) throw this.failure.error;
    return result;
  }
}

const current = new AsyncLocalStorage<OpenTransaction>();

export function assertNotInsideOwnTransaction(owner: object): void {
  const tx = current.getStore();
  if (tx?.open && tx.owner === owner) {
    throw new TransactionMisuseError(
      "the outer store was used inside its own transaction body; use the `tx` scope passed to the body",
    );
  }
}
