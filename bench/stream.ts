/**
 * The event stream under many clients: boots the system as `npm start` does, opens N concurrent SSE streams
 * (`--streams 1000`), publishes events on NATS the way the notification service does, and reports the delivery lag
 * from publish to receipt (p50/p99 over every client and event) and the memory the gateway and the stream service
 * hold per open stream (RSS from /proc, before and after opening). Not part of the tests.
 *
 *   node --import tsx bench/stream.ts [--streams 1000] [--events 20] [--interval-ms 500] [--runtime dist]
 *     [--json out.json]
 */
import { readFileSync, writeFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { COMPANY_HEADER, eventSubject } from "@einvoice/broker";
import { ensureDevCredentials, startSystem } from "@einvoice/launcher";
import { newId } from "@einvoice/platform";
import { jetstream } from "@nats-io/jetstream";
import { connect, headers } from "@nats-io/transport-node";
import { removeDataDir } from "./lib/data-removal.js";

const { values: args } = parseArgs({
  options: {
    streams: { type: "string", default: "1000" },
    events: { type: "string", default: "20" },
    /** Pause between published events: each one fans out to every stream. */
    "interval-ms": { type: "string", default: "500" },
    /** `dist` runs the compiled services (`npm run build` first); `source` runs TypeScript through tsx. */
    runtime: { type: "string", default: "source" },
    /** Also writes the figures as JSON (what `npm run bench` reads). */
    json: { type: "string" },
  },
});
const STREAMS = Number(args.streams);
const EVENTS = Number(args.events);

const rssMb = (pid: number | undefined) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(match?.[1] ?? 0) / 1024;
};
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), "einvoice-bench-stream-"));
  const dev = await ensureDevCredentials(dataDir, undefined);
  const system = await startSystem({
    dataDir,
    ports: "free",
    logLevel: "warn",
    runtime: args.runtime === "dist" ? "dist" : "source",
    // On a shared, loaded machine the processes may take minutes to be ready.
    readyTimeoutMs: 600_000,
    serviceEnv: { gateway: { RATE_LIMIT_BURST: "1000000", RATE_LIMIT_PER_SECOND: "1000000" } },
  });
  const nc = await connect({ servers: `nats://127.0.0.1:${system.ports.nats}` });
  try {
    const baseline = { gateway: rssMb(system.pid("gateway")), stream: rssMb(system.pid("stream")) };
    const publishedAt = new Map<string, number>();
    const lags: number[] = [];
    const controllers: AbortController[] = [];
    let opened = 0;
    await Promise.all(
      Array.from({ length: STREAMS }, async () => {
        const controller = new AbortController();
        controllers.push(controller);
        const res = await fetch(`${system.baseUrl}/v1/events/stream`, {
          headers: { authorization: `Bearer ${dev.api_key}` },
          signal: controller.signal,
        });
        const reader = res.body!.getReader();
        const decoder = new TextDecoder();
        let buffer = "";
        let first = true;
        void (async () => {
          try {
            for (;;) {
              const { value, done } = await reader.read();
              if (done) return;
              buffer += decoder.decode(value, { stream: true });
              for (const match of buffer.matchAll(/^id: (evt_\w+)$/gm)) {
                const sent = publishedAt.get(match[1]!);
                if (sent) lags.push(performance.now() - sent);
              }
              buffer = buffer.slice(buffer.lastIndexOf("\n\n") + 2);
              if (first) {
                first = false;
                opened++;
              }
            }
          } catch {
            // aborted at the end
          }
        })();
      }),
    );
    while (opened < STREAMS) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 1_000));
    const open = { gateway: rssMb(system.pid("gateway")), stream: rssMb(system.pid("stream")) };

    const js = jetstream(nc);
    const template = {
      object: "event",
      type: "document.accepted",
      created_at: new Date().toISOString(),
      livemode: false,
      data: {},
    };
    for (let i = 0; i < EVENTS; i++) {
      const id = newId("evt");
      const h = headers();
      h.set(COMPANY_HEADER, dev.company_id);
      publishedAt.set(id, performance.now());
      await js.publish(eventSubject(false, "document.accepted"), JSON.stringify({ ...template, id }), {
        msgID: id,
        headers: h,
      });
      await new Promise((r) => setTimeout(r, Number(args["interval-ms"])));
    }
    const expected = STREAMS * EVENTS;
    const until = Date.now() + 60_000;
    while (lags.length < expected && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
    for (const controller of controllers) controller.abort();

    const rows = [
      ["streams / events / interval", `${STREAMS} / ${EVENTS} / ${args["interval-ms"]} ms`],
      ["deliveries", `${lags.length} of ${expected}`],
      [
        "lag publish → receipt p50 / p99",
        `${percentile(lags, 50).toFixed(1)} / ${percentile(lags, 99).toFixed(1)} ms`,
      ],
      ["gateway RSS per stream", `${(((open.gateway - baseline.gateway) * 1024) / STREAMS).toFixed(1)} KB`],
      [
        "stream service RSS per stream",
        `${(((open.stream - baseline.stream) * 1024) / STREAMS).toFixed(1)} KB`,
      ],
    ];
    for (const [name, value] of rows) console.log(`${name!.padEnd(34)} ${value}`);
    if (args.json)
      writeFileSync(
        args.json,
        `${JSON.stringify(
          {
            streams: STREAMS,
            events: EVENTS,
            interval_ms: Number(args["interval-ms"]),
            deliveries: lags.length,
            expected,
            lag_ms: { p50: percentile(lags, 50), p99: percentile(lags, 99) },
            gateway_kb_per_stream: ((open.gateway - baseline.gateway) * 1024) / STREAMS,
            stream_kb_per_stream: ((open.stream - baseline.stream) * 1024) / STREAMS,
          },
          null,
          2,
        )}\n`,
      );
  } finally {
    await nc.close();
    await system.stop();
    await removeDataDir(dataDir);
  }
}

await main();
