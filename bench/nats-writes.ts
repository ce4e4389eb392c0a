/**
 * CPU of a service-like NATS workload, plain nats.js transport against the coalescing one `connectBroker` uses
 * (packages/broker/src/coalescing-transport.ts), alternating in one run against one nats-server: a durable consumer
 * pulls messages and, for each, publishes a follow-up to JetStream (awaiting its PubAck) and acks, 8 handlers at
 * once, as signing or notification do. Prints this process's CPU and nats-server's (from /proc) per message. Not
 * part of the tests.
 *
 *   node --import tsx bench/nats-writes.ts [--count 4000] [--rounds 3]
 */
import { execFileSync } from "node:child_process";
import { parseArgs } from "node:util";
import { startNatsServer } from "@einvoice/testkit";
import { AckPolicy, jetstream, jetstreamManager } from "@nats-io/jetstream";
import { connect, type NatsConnection } from "@nats-io/transport-node";
import { connectCoalescing } from "../packages/broker/src/coalescing-transport.js";
import { ownCpuMsSince, treeCpuSeconds } from "./lib/proc-cpu.js";

const { values: args } = parseArgs({
  options: { count: { type: "string", default: "4000" }, rounds: { type: "string", default: "3" } },
});
const COUNT = Number(args.count);
const CONCURRENCY = 8;
const body = JSON.stringify({ payload: "x".repeat(2000) });
const processCpuMs = (pid: number) => (treeCpuSeconds(pid) ?? Number.NaN) * 1000;

const server = await startNatsServer();
const serverPid = Number(
  execFileSync("pgrep", ["-n", "-f", `nats-server.*-p ${server.port}`])
    .toString()
    .trim(),
);
try {
  const setup = await connect({ servers: server.url });
  const jsm = await jetstreamManager(setup);
  await jsm.streams.add({ name: "BENCH", subjects: ["bench.>"] });
  await setup.close();
  let run = 0;
  for (let round = 0; round < Number(args.rounds); round++) {
    const row: string[] = [];
    for (const [label, open] of [
      ["plain", (servers: string) => connect({ servers })],
      ["coalescing", (servers: string) => connectCoalescing({ servers })],
    ] as const) {
      const nc: NatsConnection = await open(server.url);
      const js = jetstream(nc);
      const manager = await jetstreamManager(nc);
      const durable = `d${run}`;
      const subject = `bench.in.${run++}`;
      await manager.consumers.add("BENCH", {
        durable_name: durable,
        ack_policy: AckPolicy.Explicit,
        filter_subject: subject,
      });
      for (let i = 0; i < COUNT; i++) await js.publish(subject, body, { msgID: `${subject}-${i}` });
      const consumer = await js.consumers.get("BENCH", durable);
      const messages = await consumer.consume({ max_messages: CONCURRENCY * 8 });
      const beforeOwn = process.cpuUsage();
      const beforeServer = processCpuMs(serverPid);
      let done = 0;
      const inFlight = new Set<Promise<void>>();
      for await (const msg of messages) {
        while (inFlight.size >= CONCURRENCY) await Promise.race(inFlight);
        const task = js
          .publish(`bench.out.${durable}`, body, { msgID: `${durable}-out-${msg.seq}` })
          .then(() => msg.ack());
        inFlight.add(task);
        void task.finally(() => inFlight.delete(task));
        if (++done === COUNT) break;
      }
      await Promise.all(inFlight);
      await nc.flush();
      const own = (ownCpuMsSince(beforeOwn) * 1000) / COUNT;
      const nats = ((processCpuMs(serverPid) - beforeServer) * 1000) / COUNT;
      row.push(`${label}: client ${own.toFixed(1)} µs, nats-server ${nats.toFixed(1)} µs`);
      await messages.close();
      await nc.close();
    }
    console.log(`round ${round + 1}: ${row.join("   ")}   (CPU per message)`);
  }
} finally {
  await server.stop();
}
