import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebhookSender } from "./webhook-sender.js";

describe("the webhook sender's connection checks", () => {
  let server: Server;
  let port: number;
  let hits = 0;

  beforeAll(async () => {
    server = createServer((_req, res) => {
      hits++;
      res.writeHead(200).end("ok");
    });
    server.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it("refuses a public-looking name that resolves to 127.0.0.1, without connecting", async () => {
    const sender = new WebhookSender({
      timeoutMs: 2_000,
      allowPrivate: false,
      resolve: async () => ["127.0.0.1"],
    });
    const result = await sender.send(`http://hooks.attacker.example:${port}/x`, {}, "{}");
    expect(result.status).toBeNull();
    expect(result.error).toMatch(/private or reserved address/);
    expect(hits).toBe(0);
  });

  it("refuses when any of the resolved addresses is private (no picking the public one)", async () => {
    const sender = new WebhookSender({
      timeoutMs: 2_000,
      allowPrivate: false,
      resolve: async () => ["93.184.216.34", "10.0.0.8"],
    });
    expect((await sender.send(`http://mixed.example:${port}/x`, {}, "{}")).error).toMatch(/private/);
  });

  it("connects to the address it checked, whatever the name would resolve to later (no rebinding)", async () => {
    let lookups = 0;
    const sender = new WebhookSender({
      timeoutMs: 2_000,
      allowPrivate: true,
      resolve: async () => {
        lookups++;
        return ["127.0.0.1"];
      },
    });
    const result = await sender.send(`http://receiver.test:${port}/x`, {}, "{}");
    expect(result).toMatchObject({ status: 200, error: null, bodyExcerpt: "ok" });
    expect(lookups).toBe(1);
    expect(hits).toBe(1);
  });
});
