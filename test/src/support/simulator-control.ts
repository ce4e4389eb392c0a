import type { TestSystem } from "../harness.js";

/** Arranges SUNAT's behaviour for matching requests through the simulator's control API. */
export async function arrangeScenario(
  sys: TestSystem,
  match: Record<string, unknown>,
  knobs: Record<string, unknown>,
  times?: number,
): Promise<void> {
  const res = await fetch(`${sys.simulatorUrl}/__sim/scenarios`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ match, knobs, ...(times !== undefined && { times }) }),
  });
  if (res.status !== 201) throw new Error(`scenario refused: ${res.status} ${await res.text()}`);
}

/** What the simulated SUNAT registered for `RUC-TT-SERIE-NUMERO`; null when it never saw it. */
export async function simulatorView(
  sys: TestSystem,
  identity: string,
): Promise<Record<string, unknown> | null> {
  const res = await fetch(`${sys.simulatorUrl}/__sim/documents/${identity}`);
  return res.status === 200 ? ((await res.json()) as Record<string, unknown>) : null;
}

/** Polls `probe` until `done` holds or the time is up; returns the last value either way. */
export async function eventually<T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Polls the document until it leaves `pending`. */
export async function finalDocument(sys: TestSystem, id: string, timeoutMs = 30_000) {
  const res = await eventually(
    () => sys.request(`/v1/documents/${id}`),
    (r) => r.body.status !== "pending",
    timeoutMs,
  );
  return res.body;
}
