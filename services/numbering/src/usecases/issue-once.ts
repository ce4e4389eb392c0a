import type { DocumentResource, Scope } from "@einvoice/domain";
import { DuplicateKeyError, type Store } from "@einvoice/store";
import { DocumentRepository } from "../adapters/document-repository.js";
import { presentDocument } from "../domain/present-document.js";

/**
 * Issues a document at most once per Idempotency-Key: a repeat returns the document issued the first time, and
 * of two concurrent requests with one key the second rolls back (its number included) and returns the first's.
 * Without a key, `issue` simply runs.
 */
export async function issueOnce(
  deps: { store: Store; filesBaseUrl: string },
  scope: Scope,
  idempotencyKey: string | undefined,
  issue: () => Promise<DocumentResource>,
): Promise<DocumentResource> {
  const earlierBy = async (key: string) => {
    const earlier = await new DocumentRepository(deps.store).findByIdempotencyKey(scope, key);
    return earlier ? presentDocument(earlier, deps.filesBaseUrl) : undefined;
  };
  if (idempotencyKey) {
    const earlier = await earlierBy(idempotencyKey);
    if (earlier) return earlier;
  }
  try {
    return await issue();
  } catch (error) {
    if (!(error instanceof DuplicateKeyError) || !idempotencyKey) throw error;
    const winner = await earlierBy(idempotencyKey);
    if (!winner) throw error;
    return winner;
  }
}
