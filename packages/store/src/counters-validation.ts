import { InvalidDocumentError } from "./errors.js";

/** Shared argument checks for both engines' counters. */
export function assertCounterArgs(key: string, by: number): void {
  if (typeof key !== "string" || key.length === 0)
    throw new InvalidDocumentError("counter key must be non-empty");
  // Integers only: counters number documents, and fractional increments would drift differently per engine.
  if (!Number.isSafeInteger(by))
    throw new InvalidDocumentError(`counter increment must be an integer, got ${by}`);
}
