/**
 * The broker's cost per delivered message, alone: starts nats-server, publishes a backlog of `documents.issued`
 * payloads (five-line invoices, as numbering's outbox does), then runs a consumer of the catalog's shape
 * (`startConsumer`, a handler that does nothing) in this process and reads this process's CPU from
 * `process.cpuUsage()` while it drains the backlog. The figure is the per-message price of pulling, decoding and
 * checking the payload, the span and the ack: what every service pays on each message before its own work.
 * Not part of the tests.
 *
 *   node --import tsx bench/consume.ts [--count 5000] [--rounds 3] [--cpu-prof DIR]
 *
 * `--cpu-prof` writes a V8 CPU profile of the last round's draining only (not of the publishing).
 */
import { writeFile } from "node:fs/promises";
import { Session } from "node:inspector/promises";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { create } from "@bufbuild/protobuf";
import {
  type ConsumerDef,
  connectBroker,
  ensureTopology,
  publish,
  startConsumer,
  subjects,
} from "@einvoice/broker";
import { computedDocuments } from "@einvoice/contracts";
import { createLogger } from "@einvoice/platform";
import { DocumentIssuedSchema } from "@einvoice/proto";
import { computeDocument } from "@einvoice/tax-engine";
import { startNatsServer } from "@einvoice/testkit";
import { benchInvoice } from "./lib/invoice.js";

const { values: args } = parseArgs({
  options: {
    count: { type: "string", default: "5000" },
    rounds: { type: "string", default: "3" },
    "cpu-prof": { type: "string" },
  },
});
const COUNT = Number(args.count);
const ROUNDS = Number(args.rounds);

const computed = (() => {
  const result = computeDocument(benchInvoice(1), { type: "01", today: "2026-11-26" });
  if (!result.ok) throw new Error("bench invoice refused");
  return computedDocuments.toMessage(result.document);
})();

async function main() {
  const nats = await startNatsServer();
  const broker = await connectBroker({ url: nats.url, name: "bench-consume" });
  const logger = createLogger("bench-consume", "warn");
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      const def: ConsumerDef<unknown> = {
        durable: `bench-consume-${round}`,
        stream: subjects.documentIssued.stream,
        filterSubject: subjects.documentIssued.subject,
        payload: subjects.documentIssued.payload,
        ackWaitMs: 30_000,
        maxDeliver: 10,
        retryDelaysMs: [1_000],
        concurrency: 8,
      };
      await ensureTopology(broker.jsm, [def]);
      const base = round * COUNT;
      for (let i = 0; i < COUNT; i += 200) {
        await Promise.all(
          Array.from({ length: Math.min(200, COUNT - i) }, (_, j) =>
            publish(
              broker.js,
              subjects.documentIssued,
              create(DocumentIssuedSchema, {
                documentId: `doc_${base + i + j}`,
                companyId: "cmp_bench",
                livemode: false,
                number: base + i + j,
                issuer: { ruc: "20000000001", legalName: "EMPRESA SAC", address: { line: "Av. Lima 1" } },
                computed,
              }),
              { msgId: `doc_${base + i + j}:issued` },
            ),
          ),
        );
      }
      let handled = 0;
      let done: () => void = () => undefined;
      const finished = new Promise<void>((resolve) => {
        done = resolve;
      });
      const profiling = args["cpu-prof"] && round === ROUNDS ? new Session() : undefined;
      if (profiling) {
        profiling.connect();
        await profiling.post("Profiler.enable");
        await profiling.post("Profiler.start");
      }
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      const running = await startConsumer(
        broker.js,
        def,
        async () => {
          if (++handled === COUNT) done();
        },
        logger,
      );
      await finished;
      const cpu = process.cpuUsage(cpu0);
      const seconds = (performance.now() - t0) / 1000;
      if (profiling) {
        const { profile } = await profiling.post("Profiler.stop");
        await writeFile(join(args["cpu-prof"]!, "consume.cpuprofile"), JSON.stringify(profile));
        profiling.disconnect();
      }
      await running.stop();
      console.log(
        `round ${round}: ${COUNT} messages in ${seconds.toFixed(2)} s (${Math.round(COUNT / seconds)}/s), CPU ${(
          (cpu.user + cpu.system) / 1000 / COUNT
        ).toFixed(
          3,
        )} ms per message (user ${(cpu.user / 1000 / COUNT).toFixed(3)}, system ${(cpu.system / 1000 / COUNT).toFixed(3)})`,
      );
    }
  } finally {
    await broker.close();
    await nats.stop();
  }
}

await main();
