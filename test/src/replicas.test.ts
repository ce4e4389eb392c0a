import { join } from "node:path";
import {
  type ManagedProcess,
  REPO_ROOT,
  serviceNodeArgs,
  spawnLogged,
  stopProcess,
  waitUntilReady,
} from "@einvoice/launcher";
import { freePort } from "@einvoice/testkit";
import { jetstream } from "@nats-io/jetstream";
import { connect } from "@nats-io/transport-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootTestSystem, type TestSystem } from "./harness.js";
import { eventually } from "./support/simulator-control.js";

/**
 * Two instances of each stateful worker against one NATS and one set of stores (SQLite files in the shared data
 * directory stand in for each service's MongoDB): the JetStream durables and the stores' claims share the work,
 * and `Nats-Msg-Id` deduplication keeps every announcement single.
 */
const DOCUMENTS = 24;
const WORKERS = ["numbering", "signing", "submission"] as const;
type Worker = (typeof WORKERS)[number];

describe("two replicas of numbering, signing and submission", () => {
  let sys: TestSystem;
  const extra = new Map<Worker, { process: ManagedProcess; opsPort: number }>();

  beforeAll(async () => {
    // Like the harness's (the build by default): nine processes plus three here.
    sys = await bootTestSystem();
    const p = sys.system.ports;
    const url = (port: number) => `http://127.0.0.1:${port}`;
    const own: Record<Worker, Record<string, string>> = {
      numbering: { FILES_BASE_URL: `${url(p.gateway)}/v1/files` },
      signing: {},
      submission: {
        SUNAT_TEST_BILL_URL: `${url(p.simulator)}/ol-ti-itcpfegem-beta/billService`,
        SUNAT_TEST_CONSULT_URL: `${url(p.simulator)}/ol-it-wsconscpegem-beta/billConsultService`,
        SUNAT_TEST_SIMULATED: "true",
        SIGNING_URL: url(p.signingRpc),
      },
    };
    await Promise.all(
      WORKERS.map(async (name) => {
        const [rpcPort, opsPort] = [await freePort(), await freePort()];
        const process = spawnLogged(
          `${name}-2`,
          globalThis.process.execPath,
          serviceNodeArgs(name, sys.runtime),
          {
            cwd: REPO_ROOT,
            env: {
              ...globalThis.process.env,
              HOST: "127.0.0.1",
              DATA_DIR: sys.system.dataDir,
              LOG_LEVEL: "warn",
              NATS_URL: `nats://127.0.0.1:${p.nats}`,
              RPC_PORT: String(rpcPort),
              OPS_PORT: String(opsPort),
              ...own[name],
            },
            logFile: join(sys.system.dataDir, "logs", `${name}-2.log`),
          },
        );
        extra.set(name, { process, opsPort });
        await waitUntilReady(process, `${url(opsPort)}/readyz`, 120_000);
      }),
    );
  }, 300_000);

  afterAll(async () => {
    for (const { process } of extra.values()) await stopProcess(process);
    await sys?.stop();
  });

  it("should number, sign, submit and announce every document exactly once, sharing the work", async () => {
    const created = await Promise.all(
      Array.from({ length: DOCUMENTS }, (_, i) =>
        sys.request("/v1/invoices", {
          body: {
            series: "F001",
            customer: { document_type: "6", document_number: "20100070970", name: "CLIENTE SAC" },
            items: [{ description: `Widget ${i}`, quantity: 1, unit_price: "10.00" }],
          },
        }),
      ),
    );
    expect(created.map((r) => r.status)).toEqual(Array(DOCUMENTS).fill(202));
    const ids = created.map((r) => r.body.id as string);
    // Numbered once: one number each, no gap, no repeat.
    expect(created.map((r) => r.body.number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: DOCUMENTS }, (_, i) => i + 1),
    );
    for (const id of ids) {
      const doc = await eventually(
        () => sys.request(`/v1/documents/${id}`),
        (r) => r.body.status !== "pending",
        60_000,
      );
      expect(doc.body.status, id).toBe("accepted");
    }

    // What the stream holds is what every consumer and subscriber was told.
    const nc = await connect({ servers: `nats://127.0.0.1:${sys.system.ports.nats}` });
    const counts = new Map<string, number>();
    try {
      const js = jetstream(nc);
      for (const stream of ["DOCUMENTS", "EVENTS"]) {
        const consumer = await js.consumers.get(stream);
        for (;;) {
          const batch = await consumer.fetch({ max_messages: 500, expires: 1000 });
          let seen = 0;
          for await (const msg of batch) {
            seen++;
            const body = msg.json<Record<string, any>>();
            const id = body.document_id ?? body.data?.document?.id;
            const kind = stream === "EVENTS" ? body.type : msg.subject;
            const status = msg.subject === "documents.state" ? `:${body.document?.status}` : "";
            const key = `${kind}${status} ${id}`;
            counts.set(key, (counts.get(key) ?? 0) + 1);
          }
          if (seen === 0) break;
        }
      }
    } finally {
      await nc.drain();
    }
    for (const id of ids) {
      for (const kind of [
        "documents.issued",
        "documents.signed",
        "documents.verdict",
        "documents.state:accepted",
        "document.accepted",
      ]) {
        expect(counts.get(`${kind} ${id}`) ?? 0, `${kind} ${id}`).toBe(1);
      }
    }

    // Nothing about these documents was stored twice (each state once, each subject once).
    const repeated = [...counts].filter(([key, n]) => n > 1 && ids.some((id) => key.endsWith(` ${id}`)));
    expect(repeated).toEqual([]);

    // Submitted once: SUNAT received one sendBill per document across both submission instances, and both worked.
    const scrape = async (port: number) => (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    const sample = (text: string, name: string, labels: string) =>
      Number(
        text
          .split("\n")
          .find((l) => l.startsWith(`${name}{`) && l.includes(labels))
          ?.split(" ")
          .pop() ?? 0,
      );
    const p = sys.system.ports;
    const opsPorts: Record<Worker, [number, number]> = {
      numbering: [p.numberingOps, extra.get("numbering")!.opsPort],
      signing: [p.signingOps, extra.get("signing")!.opsPort],
      submission: [p.submissionOps, extra.get("submission")!.opsPort],
    };
    const sends = await Promise.all(
      opsPorts.submission.map(async (port) =>
        sample(await scrape(port), "einvoice_sunat_call_duration_seconds_count", 'operation="sendBill"'),
      ),
    );
    expect(sends[0]! + sends[1]!).toBe(DOCUMENTS);
    const consumed = async (worker: Worker, consumer: string) =>
      Promise.all(
        opsPorts[worker].map(async (port) =>
          sample(await scrape(port), "einvoice_consumer_deliveries_total", `consumer="${consumer}"`),
        ),
      );
    // Both submission instances take signed documents off the stream and queue them. Which one then calls SUNAT
    // is not a property: every document here has one issuer, whose cap of SUBMISSION_MAX_PER_RUC calls holds
    // across replicas, and the instance that frees a slot may take it again in the same commit.
    const queued = await consumed("submission", "submission-signed");
    expect(Math.min(...queued), `submission-signed per instance: ${queued}`).toBeGreaterThan(0);
    const signing = await consumed("signing", "signing-issued");
    expect(Math.min(...signing), `signing-issued per instance: ${signing}`).toBeGreaterThan(0);
    const numbering = await consumed("numbering", "numbering-verdict");
    expect(Math.min(...numbering), `numbering-verdict per instance: ${numbering}`).toBeGreaterThan(0);
  });
});
