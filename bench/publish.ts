/**
 * CPU per JetStream publish (awaiting its acknowledgement, 8 in flight, a 3 KB body as a document's payload is),
 * with nats.js's async traces on and off, alternating in one run: the option `connectBroker` sets. Starts its own
 * nats-server. Not part of the tests.
 *
 *   node --import tsx bench/publish.ts [--count 6000] [--rounds 3]
 */
import { parseArgs } from "node:util";
import { startNatsServer } from "@einvoice/testkit";
import { jetstream, jetstreamManager } from "@nats-io/jetstream";
import { connect } from "@nats-io/transport-node";

const { values: args } = parseArgs({
  options: {
    count: { type: "string", default: "6000" },
    rounds: { type: "string", default: "3" },
  },
});
const COUNT = Number(args.count);
const IN_FLIGHT = 8;
const WARMUP = 500;
const body = JSON.stringify({ payload: "x".repeat(3000) });
const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

const server = await startNatsServer();
try {
  const setup = await connect({ servers: server.url });
  await (await jetstreamManager(setup)).streams.add({ name: "BENCH", subjects: ["bench.>"] });
  await setup.close();
  let run = 0;
  for (let round = 0; round < Number(args.rounds); round++) {
    const row: string[] = [];
    for (const noAsyncTraces of [false, true]) {
      const nc = await connect({ servers: server.url, noAsyncTraces });
      const js = jetstream(nc);
      const prefix = `r${run++}-`;
      for (let i = 0; i < WARMUP; i++) await js.publish("bench.a", body, { msgID: `${prefix}w${i}` });
      let next = 0;
      const before = cpuMs();
      await Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          while (next < COUNT) await js.publish("bench.a", body, { msgID: `${prefix}${next++}` });
        }),
      );
      const perPublish = ((cpuMs() - before) * 1000) / COUNT;
      row.push(`async traces ${noAsyncTraces ? "off" : "on "}: ${perPublish.toFixed(1)} µs`);
      await nc.close();
    }
    console.log(`round ${round + 1}: ${row.join("   ")}   (CPU of this process per publish)`);
  }
} finally {
  await server.stop();
}
