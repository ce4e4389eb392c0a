import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createLogger } from "@einvoice/platform";
import { freePort, waitForPort } from "@einvoice/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Probe, probePayload } from "../test-support/probe-payload.js";
import { type Broker, connectBroker, ensureTopology } from "./broker.js";
import { type ConsumerDef, streams } from "./catalog.js";
import { startConsumer } from "./consume.js";
import { publish } from "./publish.js";

const logger = createLogger("broker-restart-test", "silent");
const probe = { subject: "documents.restart-probe", stream: streams.documents, payload: probePayload };
const def: ConsumerDef<Probe> = {
  durable: "restart-probe",
  stream: streams.documents,
  filterSubject: probe.subject,
  payload: probePayload,
  ackWaitMs: 5_000,
  maxDeliver: 10,
  retryDelaysMs: [100],
  concurrency: 2,
};

/** nats-server on a fixed port and store, so it can be SIGKILLed and started again as the launcher does. */
function spawnNats(port: number, storeDir: string): { child: ChildProcess; exited: Promise<void> } {
  const child = spawn("nats-server", ["-a", "127.0.0.1", "-p", String(port), "-js", "-sd", storeDir], {
    stdio: "ignore",
  });
  return { child, exited: new Promise((resolve) => child.once("exit", () => resolve())) };
}

async function until(what: string, check: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what} not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("a consumer across a nats-server SIGKILL and restart", () => {
  let port: number;
  let storeDir: string;
  let server: ReturnType<typeof spawnNats>;
  let broker: Broker;

  beforeAll(async () => {
    port = await freePort();
    storeDir = await mkdtemp(join(tmpdir(), "einvoice-nats-restart-"));
    server = spawnNats(port, storeDir);
    await waitForPort(port);
    broker = await connectBroker({ url: `nats://127.0.0.1:${port}`, name: "restart-test" });
    await ensureTopology(broker.jsm, [def]);
  });

  afterAll(async () => {
    await broker?.close().catch(() => undefined);
    server?.child.kill("SIGTERM");
    await server?.exited;
    await rm(storeDir, { recursive: true, force: true });
  });

  it("should keep consuming, and publishing, after the server is killed and started again", async () => {
    const seen = new Set<number>();
    const consumer = await startConsumer(broker.js, def, async (p) => void seen.add(p.n), logger);
    try {
      for (let n = 1; n <= 3; n++) await publish(broker.js, probe, { n }, { msgId: `restart-${n}` });
      await until("the first messages", () => seen.size === 3, 10_000);

      server.child.kill("SIGKILL");
      await server.exited;
      server = spawnNats(port, storeDir);
      await waitForPort(port);

      // Publishes retry until the client is back on the new server, as the outbox relay does.
      for (let n = 4; n <= 6; n++) {
        for (let tries = 0; ; tries++) {
          try {
            await publish(broker.js, probe, { n }, { msgId: `restart-${n}` });
            break;
          } catch (error) {
            if (tries > 40) throw error;
            await new Promise((r) => setTimeout(r, 250));
          }
        }
      }
      await until("the messages published after the restart", () => seen.size === 6, 30_000);
      expect([...seen].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    } finally {
      await consumer.stop();
    }
  }, 60_000);
});
