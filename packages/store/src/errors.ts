/**
 * Typed errors for misuse of the store port. They are thrown identically by both engines, so a service that
 * works on SQLite fails the same way on MongoDB instead of silently behaving differently.
 */

/** A filter, sort or limit the port cannot express the same way on both engines. */
export class InvalidFilterError extends Error {
  override readonly name = "InvalidFilterError";
}

/** An entity or `set` that cannot round-trip exactly on both engines (Dates, NaN, `$` keys, …). */
export class InvalidDocumentError extends Error {
  override readonly name = "InvalidDocumentError";
}

/** A collection spec with a bad name or index definition. */
export class InvalidCollectionSpecError extends Error {
  override readonly name = "InvalidCollectionSpecError";
}

/** A collection was used before `store.ensure()` declared it; without it unique indexes would not exist. */
export class CollectionNotEnsuredError extends Error {
  override readonly name = "CollectionNotEnsuredError";
  constructor(readonly collection: string) {
    super(`collection ${collection} is used before store.ensure() declared it`);
  }
}

/**
 * The outer store (instead of the `tx` scope) was used inside a transaction body. On SQLite that would deadlock
 * and on MongoDB it would silently write outside the transaction, so both engines refuse it.
 */
export class TransactionMisuseError extends Error {
  override readonly name = "TransactionMisuseError";
}

/** The MongoDB deployment cannot run multi-document transactions (a standalone server). */
export class TransactionsUnsupportedError extends Error {
  override readonly name = "TransactionsUnsupportedError";
}

/** The store was closed. */
export class StoreClosedError extends Error {
  override readonly name = "StoreClosedError";
  constructor() {
    super("store is closed");
  }
}
