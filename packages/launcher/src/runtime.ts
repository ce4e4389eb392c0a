import { existsSync } from "node:fs";
import { join } from "node:path";

/**
 * How a service process runs. `dist` is the build of `npm run build` (services/<name>/dist/main.js) under plain
 * node, as `npm start`, the e2e tests and the images run it: it boots about twice as fast, with half the CPU,
 * as `source`, which compiles each service's TypeScript through tsx at every start (for `npm run dev`).
 */
export type ServiceRuntime = "source" | "dist";

/** The file node runs for an entry (`main`) of a service folder of services/, relative to the repository root. */
export function serviceEntry(service: string, runtime: ServiceRuntime, entry = "main"): string {
  return runtime === "dist" ? `services/${service}/dist/${entry}.js` : `services/${service}/src/${entry}.ts`;
}

/**
 * V8 flags of every service process (the Dockerfile's CMD carries the same). A young generation of up to 32 MB
 * semi-spaces (V8's default is 16 MB) lets the short-lived objects of a burst — request messages, JSON, promises
 * — die before a scavenge has to copy them: less CPU per number and per invoice (`bench/numbering.ts`,
 * `bench/pipeline.ts --node-args`), for some more resident memory per process under load. An old generation that
 * starts at 192 MB (V8 starts it small and grows it through full mark-compacts, concurrent marking included) spares
 * a freshly started service the collections its first documents would otherwise pay for while the heap grows to its
 * working size, for a higher resident peak before its first full collection. Feedback
 * vectors made at a function's first call (V8 otherwise runs a new function a while without one) let the many
 * functions a freshly started service meets first in its real traffic (HTTP, NATS, protobuf, the store) gather
 * type feedback and tier up from their first calls, for a little more memory per function. Two helper threads
 * per process for V8's background work (node's default is four): a freshly started system's nine processes all
 * compile at once, and with four threads each they crowd two cores with compilation jobs; two spend less CPU on
 * the same jobs, and a warm process, which compiles little, does not notice.
 */
export const SERVICE_V8_FLAGS: readonly string[] = [
  "--max-semi-space-size=32",
  "--initial-old-space-size=192",
  "--no-lazy-feedback-allocation",
  "--v8-pool-size=2",
];

/**
 * The node arguments that start a service (or another entry of it, see scripts/build.mjs) from the repository
 * root. Under `dist`, stack traces name the TypeScript sources through the build's linked source maps. `flags`
 * (a benchmark's profiler, an experiment's V8 flag) come after SERVICE_V8_FLAGS, so they win where both set one.
 */
export function serviceNodeArgs(
  service: string,
  runtime: ServiceRuntime,
  entryName = "main",
  flags: readonly string[] = [],
): string[] {
  const entry = serviceEntry(service, runtime, entryName);
  const start = runtime === "dist" ? ["--enable-source-maps", entry] : ["--import", "tsx", entry];
  return [...SERVICE_V8_FLAGS, ...flags, ...start];
}

/** Fails with the fix in plain words when a service was never built, instead of node's module-not-found. */
export function assertBuilt(repoRoot: string, services: string[]): void {
  const missing = services.filter((service) => !existsSync(join(repoRoot, serviceEntry(service, "dist"))));
  if (missing.length > 0)
    throw new Error(`not built: ${missing.join(", ")}; run \`npm run build\` (or start from source)`);
}
