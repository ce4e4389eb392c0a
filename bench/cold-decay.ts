/**
 * How CPU per document falls after start: boots the system as `npm start` does from the compiled services (32 test
 * companies), sends one document per company (their test certificates), then runs the suite's cold load (`npm run
 * bench`: 1,000 documents, 32 clients, PDFs on, a ticket for one in ten, CPU until idle) `--windows` times in a row
 * on the same system, printing each window's CPU per document over our services and per process, and each window
 * against the last. `--ticket-every 0` leaves the tickets out. Not part of the tests.
 *
 *   node --import tsx bench/cold-decay.ts [--windows 6] [--count 1000] [--ticket-every 10] [--no-build]
 */
import { parseArgs } from "node:util";
import { watchAcceptances } from "./lib/acceptance.js";
import { runLoad, warmUp } from "./lib/load.js";
import { oursMs } from "./lib/report.js";
import { fmt } from "./lib/stats.js";
import { buildServices, startOwnSystem } from "./lib/system-under-test.js";

const { values: args } = parseArgs({
  options: {
    windows: { type: "string", default: "6" },
    /** Documents per window. */
    count: { type: "string", default: "1000" },
    /** One document in this many has its 80 mm ticket asked for (0: none). */
    "ticket-every": { type: "string", default: "10" },
    "no-build": { type: "boolean", default: false },
  },
});
const TICKET_EVERY = Number(args["ticket-every"]);

if (!args["no-build"]) buildServices();
const sut = await startOwnSystem(32);
const watcher = await watchAcceptances(sut);
const target = { baseUrl: sut.baseUrl, keys: sut.keys, pids: sut.pids, watcher };
try {
  await warmUp(target, { count: sut.keys.length, clients: sut.keys.length });
  const windows: number[] = [];
  for (let window = 1; window <= Number(args.windows); window++) {
    const result = await runLoad(target, {
      count: Number(args.count),
      clients: 32,
      pdfs: true,
      ticketEvery: TICKET_EVERY,
    });
    const ours = oursMs(result);
    windows.push(ours ?? Number.NaN);
    const perProcess = [...result.cpuMs].map(([name, ms]) => `${name} ${fmt(ms, 1)}`).join(", ");
    console.log(
      `window ${window}: ${fmt(result.perSecond, 1)} documents/s, our services ${fmt(ours, 1)} ms a document (${perProcess})`,
    );
  }
  const last = windows.at(-1)!;
  console.log(`each window ÷ the last: ${windows.map((ms) => `${fmt(ms / last, 2)}×`).join(", ")}`);
} finally {
  await watcher.close();
  await sut.dispose();
}
