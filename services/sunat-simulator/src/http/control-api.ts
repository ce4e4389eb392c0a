import { normalizeIdentityKey, parseScenarioRequest, type ScenarioBook } from "../domain/index.js";
import type { SimulatorContext } from "./context.js";
import { type HttpReply, jsonReply } from "./http-io.js";

/**
 * The test-only control API under `/__sim/`, so end-to-end tests that drive only the public REST API can
 * arrange SUNAT's behaviour and look at what it saw:
 * - `POST /__sim/scenarios` `{match, knobs, times?}` → 201 `{id}`; 400 naming the bad field;
 * - `DELETE /__sim/scenarios` → 204;
 * - `GET /__sim/scenarios` → 200 the scenarios still active (with `remaining` uses);
 * - `GET /__sim/documents/{RUC-TT-SERIE-NUMERO}` → 200 what the simulator knows, 404 if it never saw it.
 */
export async function controlApi(
  ctx: SimulatorContext,
  scenarios: ScenarioBook,
  method: string,
  path: string,
  body: () => Promise<string>,
): Promise<HttpReply> {
  if (path === "/__sim/scenarios") {
    if (method === "POST") return addScenario(scenarios, await body());
    if (method === "DELETE") {
      scenarios.clear();
      return { status: 204, contentType: "application/json", body: "" };
    }
    if (method === "GET") return jsonReply(200, { scenarios: scenarios.list() });
    return jsonReply(405, { error: `${method} not allowed on ${path}` });
  }
  const document = /^\/__sim\/documents\/([^/]+)$/.exec(path);
  if (document && method === "GET") return documentView(ctx, decodeURIComponent(document[1]!));
  return jsonReply(404, { error: `no control route ${method} ${path}` });
}

function addScenario(scenarios: ScenarioBook, raw: string): HttpReply {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return jsonReply(400, { error: "body: not valid JSON" });
  }
  const parsed = parseScenarioRequest(body);
  if (!parsed.ok) return jsonReply(400, { error: parsed.error });
  return jsonReply(201, { id: scenarios.add(parsed.spec).id });
}

async function documentView(ctx: SimulatorContext, name: string): Promise<HttpReply> {
  const identity = normalizeIdentityKey(name);
  if (!identity) return jsonReply(400, { error: `"${name}" is not RUC-TT-SERIE-NUMERO` });
  const [registration, stats] = await Promise.all([
    ctx.registry.find(identity),
    ctx.counters.stats(identity),
  ]);
  const seen = registration !== null || stats.send_bill_calls > 0 || stats.status_cdr_calls > 0;
  if (!seen) return jsonReply(404, { error: `the simulator never saw ${identity}` });
  return jsonReply(200, {
    identity,
    registered: registration !== null,
    registrations: stats.registrations,
    send_bill_calls: stats.send_bill_calls,
    status_cdr_calls: stats.status_cdr_calls,
    outcome: registration?.outcome ?? null,
    response_code: registration?.response_code ?? null,
  });
}
