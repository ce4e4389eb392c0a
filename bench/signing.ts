/**
 * The signing service alone: starts nats-server and the signing service (compiled with `--runtime dist`, after
 * `npm run build signing`, or through tsx), publishes `documents.issued` messages for five-line facturas of
 * several companies (test mode: each company's certificate is generated during the warm-up) as numbering does,
 * and times each one from its publish to its `documents.signed`. Prints documents/s and the signing process's
 * CPU per document (user and system, read from /proc around the burst). Not part of the tests.
 *
 *   node --import tsx bench/signing.ts [--count 600] [--warmup 64] [--companies 8] [--runtime dist|source]
 *                                      [--cpu-prof DIR] [--signing-main dist/x.js] [--json out.json]
 *
 * `--signing-main` runs another build of the service (relative to services/signing): an earlier build copied
 * beside it (`dist/main-before.js`) compares two versions on the same machine and load, run alternately.
 */
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { connectBroker, publishJson, subjects } from "@einvoice/broker";
import { SERVICE_V8_FLAGS } from "@einvoice/launcher";
import { computeDocument } from "@einvoice/tax-engine";
import { freePort, startNatsServer } from "@einvoice/testkit";
import { benchmarkInput } from "@einvoice/ubl/test-support";
import { connect } from "@nats-io/transport-node";
import { benchRuc } from "./lib/bench-ruc.js";
import { removeDataDir } from "./lib/data-removal.js";
import { benchInvoice } from "./lib/invoice.js";
import { percentile } from "./lib/stats.js";
import { waitReady } from "./lib/wait-ready.js";

const { values: args } = parseArgs({
  options: {
    count: { type: "string", default: "600" },
    warmup: { type: "string", default: "64" },
    companies: { type: "string", default: "8" },
    runtime: { type: "string", default: "dist" },
    "cpu-prof": { type: "string" },
    "signing-main": { type: "string", default: "dist/main.js" },
    json: { type: "string" },
  },
});
const COUNT = Number(args.count);
const WARMUP = Number(args.warmup);
const COMPANIES = Number(args.companies);
const TICKS = 100; // USER_HZ on Linux
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const TODAY = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Lima" }).format(new Date());

/** User and system CPU seconds of a process so far. */
function cpuSeconds(pid: number): { user: number; system: number } {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return { user: Number(fields[11]) / TICKS, system: Number(fields[12]) / TICKS };
}

/** The `documents.issued` JSON numbering publishes (proto field names), for document `number`. */
function issuedMessage(number: number): { id: string; json: Record<string, unknown> } {
  const c = number % COMPANIES;
  const computed = computeDocument(benchInvoice(number), { type: "01", today: TODAY });
  if (!computed.ok) throw new Error(`the tax engine refuses the benchmark invoice: ${computed.errors}`);
  const { issuer } = benchmarkInput(5);
  const id = `doc_bench_${number}`;
  return {
    id,
    json: {
      document_id: id,
      company_id: `cmp_bench${c + 1}`,
      livemode: false,
      number,
      issuer: {
        ...issuer,
        ruc: benchRuc(c + 1),
        legal_name: `EMPRESA ${c + 1} SAC`,
      },
      computed: computed.document,
    },
  };
}

async function main() {
  const warm = Array.from({ length: WARMUP }, (_, i) => issuedMessage(i + 1));
  const burst = Array.from({ length: COUNT }, (_, i) => issuedMessage(WARMUP + i + 1));
  const dataDir = await mkdtemp(join(tmpdir(), "einvoice-signing-bench-"));
  const nats = await startNatsServer();
  const [rpcPort, opsPort] = [await freePort(), await freePort()];
  // The service's V8 flags as `npm start` gives them, then the profiler's.
  const profile = [
    ...SERVICE_V8_FLAGS,
    ...(args["cpu-prof"] ? ["--cpu-prof", `--cpu-prof-dir=${args["cpu-prof"]}/signing`] : []),
  ];
  const entry =
    args.runtime === "dist"
      ? [...profile, args["signing-main"]!]
      : [...profile, "--import", "tsx", "src/main.ts"];
  const signing = spawn(process.execPath, entry, {
    cwd: join(root, "services", "signing"),
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      NATS_URL: nats.url,
      DATA_DIR: dataDir,
      RPC_PORT: String(rpcPort),
      OPS_PORT: String(opsPort),
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const broker = await connectBroker({ url: nats.url, name: "bench" });
  const nc = await connect({ servers: nats.url });
  try {
    await waitReady(`http://127.0.0.1:${opsPort}`, signing);
    const signedAt = new Map<string, number>();
    const waiter: { wake?: () => void } = {};
    const subscription = nc.subscribe(subjects.documentSigned.subject);
    void (async () => {
      for await (const message of subscription) {
        signedAt.set(message.json<{ document_id: string }>().document_id, performance.now());
        waiter.wake?.();
      }
    })();
    const sentAt = new Map<string, number>();
    const send = (doc: { id: string; json: Record<string, unknown> }) => {
      sentAt.set(doc.id, performance.now());
      return publishJson(broker.js, subjects.documentIssued, doc.json, { msgId: `${doc.id}:issued` });
    };
    const until = async (docs: { id: string }[]) => {
      const deadline = performance.now() + 180_000;
      while (docs.some((d) => !signedAt.has(d.id))) {
        if (performance.now() > deadline) throw new Error("signatures missing after 180 s");
        await new Promise<void>((resolve) => {
          waiter.wake = resolve;
          setTimeout(resolve, 200);
        });
      }
      waiter.wake = undefined;
    };

    await Promise.all(warm.map(send));
    await until(warm);

    const before = cpuSeconds(signing.pid!);
    const start = performance.now();
    await Promise.all(burst.map(send));
    await until(burst);
    const after = cpuSeconds(signing.pid!);
    const seconds = (Math.max(...burst.map((d) => signedAt.get(d.id)!)) - start) / 1000;
    const userMs = ((after.user - before.user) * 1000) / COUNT;
    const systemMs = ((after.system - before.system) * 1000) / COUNT;
    const latency = burst.map((d) => signedAt.get(d.id)! - sentAt.get(d.id)!);
    const load = readFileSync("/proc/loadavg", "utf8").split(" ")[0]!;
    const rows = [
      ["documents (burst) / companies", `${COUNT} / ${COMPANIES}`],
      ["issued → signed", `${(COUNT / seconds).toFixed(1)} documents/s`],
      [
        "burst issued → signed p50 / p99",
        `${percentile(latency, 50).toFixed(0)} / ${percentile(latency, 99).toFixed(0)} ms`,
      ],
      [
        "CPU signing per document",
        `${(userMs + systemMs).toFixed(2)} ms (user ${userMs.toFixed(2)}, system ${systemMs.toFixed(2)})`,
      ],
      ["load average (1 min)", load],
    ];
    for (const [name, value] of rows) console.log(`${name!.padEnd(34)} ${value}`);
    if (args.json) {
      const result = {
        count: COUNT,
        per_second: COUNT / seconds,
        cpu_ms: userMs + systemMs,
        userMs,
        systemMs,
      };
      writeFileSync(args.json, JSON.stringify(result, null, 2));
    }
  } finally {
    await nc.close();
    await broker.close();
    if (signing.exitCode === null) {
      signing.kill("SIGTERM");
      await new Promise((resolve) => signing.once("exit", resolve));
    }
    await nats.stop();
    await removeDataDir(dataDir);
  }
}

await main();
