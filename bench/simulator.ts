/**
 * The SUNAT simulator's CPU per sendBill, alone: starts the simulator as its own process (compiled with
 * `--runtime dist`, after `npm run build sunat-simulator`, or through tsx), sends it signed five-line facturas
 * (built and signed beforehand by the lean signer, zipped and wrapped as the submission service does) from a few
 * concurrent clients, and reads the simulator's CPU from /proc around the measured batch. Every answer must be an
 * accepted CDR, or the run fails. Not part of the tests.
 *
 *   node --import tsx bench/simulator.ts [--count 1000] [--clients 8] [--lines 5] [--runtime dist|source]
 *                                        [--entry main.js] [--cpu-prof DIR]
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { SERVICE_V8_FLAGS } from "@einvoice/launcher";
import { buildSendBillEnvelope, parseSoapResponse, readCdrZip, zipDocument } from "@einvoice/sunat";
import { freePort } from "@einvoice/testkit";
import { buildInvoiceXml, createTestCertificate, LeanSigner } from "@einvoice/ubl";
import { benchmarkInput } from "@einvoice/ubl/test-support";
import { removeDataDir } from "./lib/data-removal.js";
import { waitReady } from "./lib/wait-ready.js";

const { values: args } = parseArgs({
  options: {
    count: { type: "string", default: "1000" },
    warmup: { type: "string", default: "200" },
    clients: { type: "string", default: "8" },
    lines: { type: "string", default: "5" },
    runtime: { type: "string", default: "dist" },
    /** With `--runtime dist`: another bundle in services/sunat-simulator/dist/ (a saved baseline, to compare). */
    entry: { type: "string", default: "main.js" },
    "cpu-prof": { type: "string" },
  },
});
const COUNT = Number(args.count);
const WARMUP = Number(args.warmup);
const CLIENTS = Number(args.clients);
const TICKS = 100; // USER_HZ on Linux
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const serviceDir = join(root, "services", "sunat-simulator");

/** User and system CPU seconds of a process so far. */
function cpuSeconds(pid: number): { user: number; system: number } {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return { user: Number(fields[11]) / TICKS, system: Number(fields[12]) / TICKS };
}

/** Signed, zipped and enveloped sendBill requests for F001-first … F001-(first+count-1). */
async function requests(first: number, count: number): Promise<string[]> {
  const input = benchmarkInput(Number(args.lines));
  const credentials = createTestCertificate({ ruc: input.issuer.ruc, legalName: input.issuer.legal_name });
  const signer = new LeanSigner();
  const envelopes: string[] = [];
  for (let number = first; number < first + count; number++) {
    const stem = `${input.issuer.ruc}-01-F001-${number}`;
    const xml = signer.sign(buildInvoiceXml({ ...input, number }), credentials).xml;
    const zip = await zipDocument(`${stem}.zip`, xml);
    envelopes.push(
      buildSendBillEnvelope({
        username: `${input.issuer.ruc}MODDATOS`,
        password: "moddatos",
        fileName: `${stem}.zip`,
        zipBase64: zip.toString("base64"),
      }),
    );
  }
  return envelopes;
}

async function send(url: string, envelopes: string[]): Promise<number> {
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < envelopes.length) {
        const envelope = envelopes[next++]!;
        const res = await fetch(`${url}/ol-ti-itcpfegem-beta/billService`, {
          method: "POST",
          headers: { "content-type": "text/xml; charset=utf-8" },
          body: envelope,
        });
        const parsed = parseSoapResponse(await res.text());
        if (parsed.kind !== "applicationResponse") throw new Error(`not accepted: ${JSON.stringify(parsed)}`);
        const { cdr } = readCdrZip(parsed.zip);
        if (cdr.responseCode !== "0") throw new Error(`CDR ${cdr.responseCode}: ${cdr.description}`);
      }
    }),
  );
  return (performance.now() - start) / 1000;
}

async function main() {
  process.stderr.write("building and signing the invoices…\n");
  const warm = await requests(1, WARMUP);
  const measured = await requests(WARMUP + 1, COUNT);
  const dataDir = await mkdtemp(join(tmpdir(), "einvoice-sim-bench-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // The service's V8 flags as `npm start` gives them, then the profiler's.
  const profile = [
    ...SERVICE_V8_FLAGS,
    ...(args["cpu-prof"] ? ["--cpu-prof", `--cpu-prof-dir=${args["cpu-prof"]}`] : []),
  ];
  const entry =
    args.runtime === "dist"
      ? [...profile, `dist/${args.entry}`]
      : [...profile, "--import", "tsx", "src/main.ts"];
  const child = spawn(process.execPath, entry, {
    cwd: serviceDir,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  try {
    await waitReady(url, child);
    await send(url, warm);
    const before = cpuSeconds(child.pid!);
    const seconds = await send(url, measured);
    const after = cpuSeconds(child.pid!);
    const ms = (seconds: number) => ((seconds * 1000) / COUNT).toFixed(2);
    const user = after.user - before.user;
    const system = after.system - before.system;
    console.log(
      `sunat-simulator (${args.runtime === "dist" ? `dist/${args.entry}` : "tsx"}), ${args.lines}-line facturas, ${COUNT} sendBill from ${CLIENTS} clients: ` +
        `${ms(user + system)} ms CPU per invoice (user ${ms(user)}, system ${ms(system)}), ` +
        `${(COUNT / seconds).toFixed(0)} invoices/s`,
    );
  } finally {
    child.kill("SIGINT");
    await new Promise((resolve) => child.once("exit", resolve));
    await removeDataDir(dataDir);
  }
}

await main();
