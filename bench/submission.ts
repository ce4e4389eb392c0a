/**
 * The submission service alone, on its verdict path: starts nats-server, the SUNAT simulator and the submission
 * service (compiled with `--runtime dist`, after `npm run build submission sunat-simulator`, or through tsx),
 * puts signed five-line facturas of several companies in the object store and publishes their
 * `documents.signed` messages as signing does, then times each one from its publish to its `documents.verdict`.
 *
 * Two phases: a burst of `--count` documents at once (throughput, and submission's CPU per document read from
 * /proc around the burst), then `--serial` documents one after the other (signed → verdict latency when the
 * service is idle: the floor under `Prefer: wait`). Every verdict must be `accepted`, or the run fails.
 * Not part of the tests.
 *
 *   node --import tsx bench/submission.ts [--count 600] [--companies 8] [--serial 30] [--runtime dist|source]
 *                                         [--cpu-prof DIR] [--env NAME=VALUE …] [--submission-main dist/x.js]
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { create } from "@bufbuild/protobuf";
import { connectBroker, publish, subjects } from "@einvoice/broker";
import { documentObjectKey } from "@einvoice/domain";
import { SERVICE_V8_FLAGS } from "@einvoice/launcher";
import { openObjectStore } from "@einvoice/objects";
import { DocumentSignedSchema } from "@einvoice/proto";
import { freePort, startNatsServer } from "@einvoice/testkit";
import { buildInvoiceXml, createTestCertificate, LeanSigner } from "@einvoice/ubl";
import { benchmarkInput } from "@einvoice/ubl/test-support";
import { connect } from "@nats-io/transport-node";
import { benchRuc } from "./lib/bench-ruc.js";
import { removeDataDir } from "./lib/data-removal.js";
import { percentile } from "./lib/stats.js";
import { waitReady } from "./lib/wait-ready.js";

const { values: args } = parseArgs({
  options: {
    count: { type: "string", default: "600" },
    warmup: { type: "string", default: "64" },
    companies: { type: "string", default: "8" },
    serial: { type: "string", default: "30" },
    runtime: { type: "string", default: "dist" },
    "cpu-prof": { type: "string" },
    /**
     * The submission build to run, relative to services/submission (default `dist/main.js`): an earlier build
     * copied beside it (`dist/main-before.js`) compares two versions on the same machine and load.
     */
    "submission-main": { type: "string", default: "dist/main.js" },
    /** Extra environment for the submission service, e.g. `--env SUBMISSION_MAX_PER_RUC=8`. */
    env: { type: "string", multiple: true, default: [] },
  },
});
const COUNT = Number(args.count);
const WARMUP = Number(args.warmup);
const COMPANIES = Number(args.companies);
const SERIAL = Number(args.serial);
const TICKS = 100; // USER_HZ on Linux
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
/** Today in Lima: SUNAT's sending window (and the simulator's date checks) count from the issue date. */
const TODAY = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Lima" }).format(new Date());

/** User + system CPU seconds of a process so far. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

function startService(
  name: string,
  env: Record<string, string>,
  profileDir: string | undefined,
): ChildProcess {
  // The services' V8 flags as `npm start` gives them, then the profiler's.
  const profile = [
    ...SERVICE_V8_FLAGS,
    ...(profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}/${name}`] : []),
  ];
  const main = name === "submission" ? args["submission-main"] : "dist/main.js";
  const entry = args.runtime === "dist" ? [...profile, main] : [...profile, "--import", "tsx", "src/main.ts"];
  return spawn(process.execPath, entry, {
    cwd: join(root, "services", name),
    env: { ...process.env, HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
}

interface Doc {
  id: string;
  companyId: string;
  ruc: string;
  number: number;
  fileName: string;
  xmlKey: string;
  xml: string;
}

/** Signed facturas F001-first… spread round-robin over the companies (each its own RUC and certificate). */
function documents(first: number, count: number): Doc[] {
  const input = benchmarkInput(5);
  const signer = new LeanSigner();
  const companies = Array.from({ length: COMPANIES }, (_, c) => {
    const ruc = benchRuc(c + 1);
    const legalName = `EMPRESA BENCH ${c + 1} SAC`;
    return {
      ruc,
      companyId: `cmp_bench${c + 1}`,
      legalName,
      cert: createTestCertificate({ ruc, legalName }),
    };
  });
  return Array.from({ length: count }, (_, i) => {
    const company = companies[i % COMPANIES]!;
    const number = first + i;
    const fileName = `${company.ruc}-01-F001-${number}`;
    const id = `doc_bench_${number}`;
    const xml = signer.sign(
      buildInvoiceXml({
        ...input,
        document: { ...input.document, issue_date: TODAY },
        issuer: { ...input.issuer, ruc: company.ruc, legal_name: company.legalName },
        number,
      }),
      company.cert,
    ).xml;
    const xmlKey = documentObjectKey(
      { companyId: company.companyId, livemode: false },
      id,
      "xml",
      fileName,
      TODAY,
    );
    return { id, companyId: company.companyId, ruc: company.ruc, number, fileName, xmlKey, xml };
  });
}

async function main() {
  process.stderr.write("building and signing the invoices…\n");
  const warm = documents(1, WARMUP);
  const burst = documents(WARMUP + 1, COUNT);
  const serial = documents(WARMUP + COUNT + 1, SERIAL);
  const dataDir = await mkdtemp(join(tmpdir(), "einvoice-sub-bench-"));
  const objects = await openObjectStore({ kind: "filesystem", root: join(dataDir, "objects") });
  for (const doc of [...warm, ...burst, ...serial])
    await objects.put(doc.xmlKey, Buffer.from(doc.xml, "utf8"), "application/xml");

  const nats = await startNatsServer();
  const [simPort, rpcPort, opsPort] = [await freePort(), await freePort(), await freePort()];
  const sim = startService(
    "sunat-simulator",
    { PORT: String(simPort), DATA_DIR: join(dataDir, "sim") },
    undefined,
  );
  const extraEnv = Object.fromEntries(
    args.env.map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
  );
  const simUrl = `http://127.0.0.1:${simPort}`;
  const sub = startService(
    "submission",
    {
      NATS_URL: nats.url,
      DATA_DIR: dataDir,
      RPC_PORT: String(rpcPort),
      OPS_PORT: String(opsPort),
      SUNAT_TEST_BILL_URL: `${simUrl}/ol-ti-itcpfegem-beta/billService`,
      SUNAT_TEST_CONSULT_URL: `${simUrl}/ol-it-wsconscpegem/billConsultService`,
      SUNAT_TEST_GRE_SECURITY_URL: simUrl,
      SUNAT_TEST_GRE_CPE_URL: simUrl,
      ...extraEnv,
    },
    args["cpu-prof"],
  );
  const broker = await connectBroker({ url: nats.url, name: "bench" });
  const nc = await connect({ servers: nats.url });
  try {
    await waitReady(simUrl, sim);
    await waitReady(`http://127.0.0.1:${opsPort}`, sub);
    const verdicts = new Map<string, number>();
    // Boxed: TypeScript narrows a plain `let` to null inside the consumer's closure and then refuses the call.
    const waker: { wake: (() => void) | null } = { wake: null };
    const subscription = nc.subscribe(subjects.documentVerdict.subject);
    void (async () => {
      for await (const message of subscription) {
        // Payloads travel as proto JSON with the original (snake_case) field names.
        const verdict = message.json<{ document_id: string; outcome: string }>();
        if (verdict.outcome !== "accepted") {
          console.error(`not accepted: ${message.string()}`);
          process.exit(1);
        }
        verdicts.set(verdict.document_id, performance.now());
        waker.wake?.();
      }
    })();
    const signedAt = new Map<string, number>();
    const send = (doc: Doc) => {
      signedAt.set(doc.id, performance.now());
      return publish(
        broker.js,
        subjects.documentSigned,
        create(DocumentSignedSchema, {
          documentId: doc.id,
          companyId: doc.companyId,
          livemode: false,
          ruc: doc.ruc,
          type: "01",
          series: "F001",
          number: doc.number,
          issueDate: TODAY,
          fileName: doc.fileName,
          xmlKey: doc.xmlKey,
          hash: "",
        }),
        { msgId: `${doc.id}:signed` },
      );
    };
    const until = async (docs: Doc[]) => {
      const deadline = performance.now() + 180_000;
      while (docs.some((d) => !verdicts.has(d.id))) {
        if (performance.now() > deadline) throw new Error("verdicts missing after 180 s");
        await new Promise<void>((resolve) => {
          waker.wake = resolve;
          setTimeout(resolve, 200);
        });
      }
      waker.wake = null;
    };

    await Promise.all(warm.map(send));
    await until(warm);

    const before = cpuSeconds(sub.pid!);
    const simBefore = cpuSeconds(sim.pid!);
    const start = performance.now();
    await Promise.all(burst.map(send));
    await until(burst);
    const seconds = (Math.max(...burst.map((d) => verdicts.get(d.id)!)) - start) / 1000;
    const cpuMs = ((cpuSeconds(sub.pid!) - before) * 1000) / COUNT;
    const simMs = ((cpuSeconds(sim.pid!) - simBefore) * 1000) / COUNT;
    const burstLatency = burst.map((d) => verdicts.get(d.id)! - signedAt.get(d.id)!);

    const serialLatency: number[] = [];
    for (const doc of serial) {
      await send(doc);
      await until([doc]);
      serialLatency.push(verdicts.get(doc.id)! - signedAt.get(doc.id)!);
    }
    const rows = [
      ["documents (burst) / companies", `${COUNT} / ${COMPANIES}`],
      ["signed → verdict", `${(COUNT / seconds).toFixed(1)} documents/s`],
      [
        "burst signed → verdict p50 / p99",
        `${percentile(burstLatency, 50).toFixed(0)} / ${percentile(burstLatency, 99).toFixed(0)} ms`,
      ],
      [
        "one at a time p50 / p99",
        `${percentile(serialLatency, 50).toFixed(1)} / ${percentile(serialLatency, 99).toFixed(1)} ms`,
      ],
      ["CPU submission per document", `${cpuMs.toFixed(2)} ms`],
      ["CPU simulator per document", `${simMs.toFixed(2)} ms`],
      ["load average (1 min)", readFileSync("/proc/loadavg", "utf8").split(" ")[0]!],
    ];
    for (const [name, value] of rows) console.log(`${name!.padEnd(34)} ${value}`);
  } finally {
    await nc.close();
    await broker.close();
    for (const child of [sub, sim]) {
      if (child.exitCode !== null) continue;
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    }
    await nats.stop();
    await removeDataDir(dataDir);
  }
}

await main();
