/**
 * `einvoice listen --forward-to`: the local forwarding tool relays the key's events to a local server, signed like
 * real deliveries (checked with the `standardwebhooks` package), printing the secret and one line per event.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { REPO_ROOT } from "@einvoice/launcher";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootTestSystem, type TestSystem } from "./harness.js";
import { eventually } from "./support/simulator-control.js";
import { type ReceivedRequest, startReceiver } from "./support/webhook-receiver.js";

const invoice = (price: string) => ({
  series: "F001",
  customer: { document_type: "6", document_number: "20100070970", name: "CLIENTE SAC" },
  items: [{ description: "Servicio", quantity: 1, unit_price: price }],
});

describe("einvoice listen --forward-to", () => {
  let sys: TestSystem;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let tool: ChildProcess;
  let output = "";
  let received: ReceivedRequest[];

  beforeAll(async () => {
    receiver = await startReceiver();
    received = receiver.received;
    sys = await bootTestSystem();
    tool = spawn(
      process.execPath,
      [
        "packages/cli/bin/einvoice.mjs",
        "listen",
        "--forward-to",
        receiver.url,
        "--base-url",
        sys.system.baseUrl,
      ],
      { cwd: REPO_ROOT, env: { ...process.env, EINVOICE_API_KEY: sys.testKey } },
    );
    tool.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    tool.stderr!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    await eventually(
      async () => output,
      (text) => text.includes("whsec_"),
    );
  });

  afterAll(async () => {
    tool?.kill("SIGTERM");
    await sys?.stop();
    await receiver?.close();
  });

  it("prints a secret, and relays each event signed with it, one line per event", async () => {
    const secret = /(whsec_[A-Za-z0-9+/=]+)/.exec(output)![1]!;
    const created = await sys.request("/v1/invoices", {
      body: invoice("10.00"),
      headers: { prefer: "wait=20" },
    });
    await eventually(
      async () => received.length,
      (n) => n >= 1,
    );
    const event = new Webhook(secret).verify(received[0]!.body, received[0]!.headers) as any;
    expect(event).toMatchObject({ object: "event", type: "document.accepted" });
    expect(event.data.object.id).toBe(created.body.id);
    await eventually(
      async () => output,
      (text) => text.includes(event.id),
    );
    expect(output).toMatch(new RegExp(`document\\.accepted\\s+${event.id}\\s+→ 200`));
  });

  it("reconnects after the stream is cut and relays what happened meanwhile", async () => {
    const before = received.length;
    process.kill(sys.system.pid("stream")!, "SIGKILL");
    const created = await sys.request("/v1/invoices", {
      body: invoice("20.00"),
      headers: { prefer: "wait=20" },
    });
    await eventually(
      async () => received.length,
      (n) => n > before,
      60_000,
    );
    const ids = received.slice(before).map((r) => JSON.parse(r.body).data.object.id);
    expect(ids).toEqual([created.body.id]);
  });
});
