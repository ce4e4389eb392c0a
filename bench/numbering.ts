/**
 * Numbering alone: one hot series of one company, many concurrent callers of `IssueDocument` over Connect, sent
 * as the gateway sends them: through its IssueBatcher, which makes the requests that arrive together one
 * `IssueDocuments` call (`--unary`: one `IssueDocument` call each, as before 2026-11-27). Starts its own
 * nats-server and the numbering service (free ports, a temporary data dir), runs for `--seconds` or `--count`
 * numbers, then reads back every committed document of the series and
 * reports numbers/s, RPC latency p50/p99, gaps, duplicates and the numbering process's CPU per number.
 * Not part of the tests.
 *
 *   node --import tsx bench/numbering.ts [--clients 64] [--seconds 10 | --count 20000] [--warmup 30000]
 *     [--runtime dist] [--no-keys] [--unary] [--in-flight 4] [--max-documents 16] [--json out.json]
 *     [--cpu-prof dir] [--entry other/build/main.js]
 */
import { readFileSync } from "node:fs";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { create, toBinary } from "@bufbuild/protobuf";
import { computedDocuments, issuers } from "@einvoice/contracts";
import {
  REPO_ROOT,
  SERVICE_V8_FLAGS,
  serviceNodeArgs,
  spawnLogged,
  stopProcess,
  waitUntilReady,
} from "@einvoice/launcher";
import { createRpcClient } from "@einvoice/platform";
import { ComputedDocumentSchema, NumberingService, NumberingServiceEncoded } from "@einvoice/proto";
import { computeDocument } from "@einvoice/tax-engine";
import { freePort, startNatsServer } from "@einvoice/testkit";
import { IssueBatcher } from "../services/gateway/src/adapters/issue-batcher.js";
import { removeDataDir } from "./lib/data-removal.js";

const { values: args } = parseArgs({
  options: {
    clients: { type: "string", default: "64" },
    seconds: { type: "string", default: "10" },
    /** Stop after this many numbers instead of after `--seconds`. */
    count: { type: "string" },
    /**
     * Numbers issued before the measured run (at most 60 s): enough for V8 to have compiled numbering's paths, which
     * a few hundred numbers are not.
     */
    warmup: { type: "string", default: "30000" },
    /** `dist` runs the compiled service (`npm run build` first); `source` runs TypeScript through tsx. */
    runtime: { type: "string", default: "dist" },
    /** Calls without an Idempotency-Key (by default every call carries a fresh one, as careful clients do). */
    "no-keys": { type: "boolean", default: false },
    /** One IssueDocument call per number instead of the gateway's batching. */
    unary: { type: "boolean", default: false },
    /** IssueDocuments calls the batcher keeps in flight (the gateway's default unless given). */
    "in-flight": { type: "string" },
    /** Documents per IssueDocuments call at most (the gateway's default unless given). */
    "max-documents": { type: "string" },
    /** Another build of the service to run instead (e.g. an older commit's `dist/main.js`), for a before/after. */
    entry: { type: "string" },
    json: { type: "string" },
    /** Writes a V8 CPU profile of the numbering process into this folder. */
    "cpu-prof": { type: "string" },
  },
});
const CLIENTS = Number(args.clients);
const SECONDS = Number(args.seconds);
const COUNT = args.count ? Number(args.count) : Number.POSITIVE_INFINITY;
const WARMUP = Number(args.warmup);
const TICKS = 100; // USER_HZ on Linux

const scope = { companyId: "cmp_bench", livemode: false };
const issuer = issuers.toMessage({
  ruc: "20600000005",
  legal_name: "EMPRESA BENCH SAC",
  address: { line: "AV. BENCH 123", establishment_code: "0000", country_code: "PE", ubigeo: "150101" },
});
const computedResult = computeDocument(
  {
    series: "F001",
    customer: { document_type: "6", document_number: "20100070970", name: "CLIENTE BENCH SAC" },
    items: Array.from({ length: 5 }, (_, line) => ({
      description: `Artículo ${line + 1}`,
      quantity: String(1 + line),
      unit_price: `${10 + line}.50`,
    })),
  },
  { type: "01", today: new Date().toISOString().slice(0, 10) },
);
if (!computedResult.ok) throw new Error("the bench invoice was refused by the tax engine");
const computed = computedDocuments.toMessage(computedResult.document);
/** As the gateway forwards it: the tax service's encoding. */
const computedEncoded = toBinary(ComputedDocumentSchema, create(ComputedDocumentSchema, computed));

function cpuSeconds(pid: number | undefined): number {
  if (!pid) return 0;
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / TICKS; // utime + stime
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

type Client = ReturnType<typeof createRpcClient<typeof NumberingService>>;
type Issue = (request: Parameters<Client["issueDocument"]>[0]) => Promise<{ number: number } | undefined>;

interface RunResult {
  seconds: number;
  issued: number[];
  latencies: number[];
  failures: Record<string, number>;
}

/** `clients` loops issuing until the deadline or the count is reached. */
async function run(issue: Issue, label: string, count: number, seconds: number): Promise<RunResult> {
  const issued: number[] = [];
  const latencies: number[] = [];
  const failures: Record<string, number> = {};
  let started = 0;
  const start = performance.now();
  const deadline = start + seconds * 1000;
  const progress = setInterval(() => {
    const elapsed = (performance.now() - start) / 1000;
    process.stderr.write(
      `\r  ${label}: ${issued.length} numbers in ${elapsed.toFixed(1)} s (${(issued.length / elapsed).toFixed(0)}/s)   `,
    );
  }, 500);
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      while (started < count && performance.now() < deadline) {
        const i = started++;
        const t0 = performance.now();
        try {
          const document = await issue({
            scope,
            issuer,
            computed,
            idempotencyKey: args["no-keys"] ? "" : `${label}-${c}-${i}`,
          });
          latencies.push(performance.now() - t0);
          issued.push(document?.number ?? Number.NaN);
        } catch (error) {
          const key = error instanceof Error ? error.message.slice(0, 80) : String(error);
          failures[key] = (failures[key] ?? 0) + 1;
        }
      }
    }),
  );
  clearInterval(progress);
  process.stderr.write("\n");
  return { seconds: (performance.now() - start) / 1000, issued, latencies, failures };
}

/** Every committed number of the series, read back through the service (newest first, paged by id). */
async function committedNumbers(client: Client): Promise<number[]> {
  const numbers: number[] = [];
  let startingAfter = "";
  for (;;) {
    const page = await client.listDocuments({
      scope,
      series: "F001",
      type: "01",
      limit: 1000,
      startingAfter,
    });
    for (const document of page.documents) numbers.push(document.number);
    if (!page.hasMore || page.documents.length === 0) return numbers;
    startingAfter = page.documents.at(-1)!.id;
  }
}

function gapsAndDuplicates(numbers: number[]): { gaps: number; duplicates: number; max: number } {
  const seen = new Set<number>();
  let duplicates = 0;
  let max = 0;
  for (const n of numbers) {
    if (seen.has(n)) duplicates++;
    seen.add(n);
    max = Math.max(max, n);
  }
  let gaps = 0;
  for (let n = 1; n <= max; n++) if (!seen.has(n)) gaps++;
  return { gaps, duplicates, max };
}

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), "einvoice-bench-numbering-"));
  const nats = await startNatsServer();
  const [rpcPort, opsPort] = [await freePort(), await freePort()];
  const profile = args["cpu-prof"] ? ["--cpu-prof", `--cpu-prof-dir=${args["cpu-prof"]}`] : [];
  // Started as `npm start` starts it (the services' V8 flags included); `--entry` runs another bundle instead.
  const nodeArgs = args.entry
    ? [...SERVICE_V8_FLAGS, ...profile, "--enable-source-maps", args.entry]
    : serviceNodeArgs("numbering", args.runtime === "dist" ? "dist" : "source", "main", profile);
  const service = spawnLogged("numbering", process.execPath, nodeArgs, {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      NATS_URL: nats.url,
      RPC_PORT: String(rpcPort),
      OPS_PORT: String(opsPort),
    },
    logFile: join(dataDir, "numbering.log"),
  });
  try {
    await waitUntilReady(service, `http://127.0.0.1:${opsPort}/readyz`, 60_000);
    const client = createRpcClient(NumberingService, `http://127.0.0.1:${rpcPort}`, { timeoutMs: 30_000 });
    const encodedClient = createRpcClient(NumberingServiceEncoded, `http://127.0.0.1:${rpcPort}`, {
      timeoutMs: 30_000,
    });
    const batcher = new IssueBatcher(encodedClient, {
      timeoutMs: 30_000,
      ...(args["in-flight"] ? { maxInFlight: Number(args["in-flight"]) } : {}),
      ...(args["max-documents"] ? { maxDocuments: Number(args["max-documents"]) } : {}),
    });
    const issue: Issue = args.unary
      ? async (request) => (await client.issueDocument(request)).document
      : ({ scope, issuer, idempotencyKey }) =>
          batcher.issue({ scope, issuer, idempotencyKey, computed: computedEncoded });
    await run(issue, "warm-up", WARMUP, 60);
    const cpuBefore = cpuSeconds(service.child.pid);
    const result = await run(issue, "measure", COUNT, SECONDS);
    const cpuMs = ((cpuSeconds(service.child.pid) - cpuBefore) * 1000) / Math.max(1, result.issued.length);
    const committed = await committedNumbers(client);
    const check = gapsAndDuplicates(committed);
    const returned = gapsAndDuplicates(result.issued);
    const committedSet = new Set(committed);
    const latencies = [...result.latencies].sort((a, b) => a - b);
    const failed = Object.values(result.failures).reduce((a, b) => a + b, 0);
    const report = {
      clients: CLIENTS,
      runtime: args.runtime,
      idempotency_keys: !args["no-keys"],
      calls: args.unary ? "IssueDocument, one per number" : "IssueDocuments, batched as the gateway batches",
      seconds: Number(result.seconds.toFixed(2)),
      numbers: result.issued.length,
      numbers_per_second: Math.round(result.issued.length / result.seconds),
      latency_ms: {
        p50: Number(percentile(latencies, 50).toFixed(1)),
        p99: Number(percentile(latencies, 99).toFixed(1)),
      },
      cpu_ms_per_number: Number(cpuMs.toFixed(3)),
      committed: committed.length,
      gaps: check.gaps,
      duplicates: check.duplicates,
      // Numbers handed to callers twice, or handed out but not committed (both must be 0).
      duplicates_returned: returned.duplicates,
      returned_not_committed: result.issued.filter((n) => !committedSet.has(n)).length,
      failures: failed,
      failure_reasons: result.failures,
    };
    console.log(`\nnumbering, one series, ${CLIENTS} concurrent callers, ${report.calls} (${args.runtime})`);
    console.table({
      "numbers/s": report.numbers_per_second,
      "numbers issued": report.numbers,
      "latency p50 (ms)": report.latency_ms.p50,
      "latency p99 (ms)": report.latency_ms.p99,
      "CPU ms / number": report.cpu_ms_per_number,
      "committed (read back)": report.committed,
      gaps: report.gaps,
      duplicates: report.duplicates,
      "duplicates returned": report.duplicates_returned,
      "returned, not committed": report.returned_not_committed,
      "failed calls": report.failures,
    });
    if (failed > 0) console.log("failures:", result.failures);
    if (args.json) await writeFile(args.json, `${JSON.stringify(report, null, 2)}\n`);
    if (report.gaps || report.duplicates || report.duplicates_returned || report.returned_not_committed)
      process.exitCode = 1;
  } finally {
    await stopProcess(service);
    await nats.stop();
    await removeDataDir(dataDir);
  }
}

await main();
