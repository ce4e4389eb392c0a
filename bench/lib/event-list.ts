import { percentile } from "./stats.js";

/** Latency of the event list as an integration polls it. */
export interface EventListResult {
  requests: number;
  latestP50: number;
  latestP99: number;
  byDocumentP50: number;
  byDocumentP99: number;
  failures: number;
}

/**
 * `GET /v1/events?limit=10` (the newest page) and `GET /v1/events?document_id=…` (one document's history), one
 * request at a time so the figure is the list's own latency, not a queue's.
 */
export async function measureEventList(
  baseUrl: string,
  key: string,
  documentIds: readonly string[],
  requests: number,
): Promise<EventListResult> {
  const latest: number[] = [];
  const byDocument: number[] = [];
  let failures = 0;
  const get = async (path: string, into: number[]) => {
    const t0 = performance.now();
    const res = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${key}` } });
    const body = (await res.json()) as { data?: unknown[] };
    into.push(performance.now() - t0);
    if (!res.ok || !Array.isArray(body.data)) failures++;
  };
  for (let i = 0; i < requests; i++) {
    await get("/v1/events?limit=10", latest);
    const id = documentIds[(i * 7919) % Math.max(1, documentIds.length)];
    if (id) await get(`/v1/events?document_id=${id}`, byDocument);
  }
  return {
    requests,
    latestP50: percentile(latest, 50),
    latestP99: percentile(latest, 99),
    byDocumentP50: percentile(byDocument, 50),
    byDocumentP99: percentile(byDocument, 99),
    failures,
  };
}
