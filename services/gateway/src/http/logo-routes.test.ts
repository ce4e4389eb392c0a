import { connect } from "node:net";
import { createClient, createRouterTransport } from "@connectrpc/connect";
import { documentContract } from "@einvoice/contracts";
import { NumberingService, NumberingServiceEncoded } from "@einvoice/proto";
import { testJpeg, testPng } from "@einvoice/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "../../test-support/test-gateway.js";
import { IssueBatcher } from "../adapters/issue-batcher.js";
import { pendingDocument } from "../openapi/document-examples.js";
import { CREATE_EXAMPLES } from "../openapi/request-examples.js";

/** The logo the gateway put in each issued document's issuer snapshot (`undefined`: none). */
const issuedLogoKeys: (string | undefined)[] = [];

const numbering = createRouterTransport((router) =>
  router.service(NumberingService, {
    issueDocuments: (req) => ({
      results: req.items.map((item) => {
        issuedLogoKeys.push(item.issuer?.logoKey);
        const document = documentContract.codec.fromValue(pendingDocument(CREATE_EXAMPLES[0]!));
        return { outcome: { case: "document" as const, value: document } };
      }),
    }),
  }),
);

describe("/v1/company/logo", () => {
  let gateway: TestGateway;
  const call = (method: string, body?: Buffer | string, contentType?: string) =>
    fetch(`${gateway.baseUrl}/v1/company/logo`, {
      method,
      headers: {
        authorization: `Bearer ${gateway.apiKey}`,
        ...(contentType ? { "content-type": contentType } : {}),
      },
      ...(body !== undefined ? { body } : {}),
    });
  const issue = () =>
    fetch(`${gateway.baseUrl}/v1/invoices`, {
      method: "POST",
      headers: { authorization: `Bearer ${gateway.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify(CREATE_EXAMPLES[0]!.request),
    });

  beforeAll(async () => {
    gateway = await startTestGateway({
      numbering: createClient(NumberingService, numbering),
      issues: new IssueBatcher(createClient(NumberingServiceEncoded, numbering), { timeoutMs: 5_000 }),
    });
  });
  afterAll(() => gateway.stop());

  it("takes a PNG, serves it back with its SHA-256 as ETag, and stores it under that name", async () => {
    const png = testPng(300, 100);
    const put = await call("PUT", png, "image/png");
    expect(put.status).toBe(200);
    const logo = (await put.json()) as { sha256: string };
    expect(logo).toMatchObject({
      object: "company_logo",
      livemode: false,
      width: 300,
      height: 100,
      size: png.length,
    });
    const got = await call("GET");
    expect(got.headers.get("content-type")).toBe("image/png");
    expect(got.headers.get("etag")).toBe(`"${logo.sha256}"`);
    expect(Buffer.from(await got.arrayBuffer()).equals(png)).toBe(true);
    const again = await fetch(`${gateway.baseUrl}/v1/company/logo`, {
      headers: { authorization: `Bearer ${gateway.apiKey}`, "if-none-match": `"${logo.sha256}"` },
    });
    expect(again.status).toBe(304);
  });

  it("puts the logo's key into the issuer of each document created after it, and none after removal", async () => {
    const jpeg = testJpeg(120, 60);
    const { sha256 } = (await (await call("PUT", jpeg, "image/jpeg")).json()) as { sha256: string };
    expect((await issue()).status).toBeLessThan(300);
    expect(issuedLogoKeys.at(-1)).toMatch(new RegExp(`^cmp_[^/]+/test/logos/${sha256}\\.jpg$`));
    expect((await call("DELETE")).status).toBe(204);
    expect((await issue()).status).toBeLessThan(300);
    expect(issuedLogoKeys.at(-1)).toBeUndefined();
    expect((await call("GET")).status).toBe(404);
    expect((await call("DELETE")).status).toBe(404);
  });

  it("answers 415 for other types and 422 naming the problem, before storing anything", async () => {
    const json = await call("PUT", "{}", "application/json");
    expect(json.status).toBe(415);
    const svg = await call("PUT", "<svg/>", "image/png");
    expect(svg.status).toBe(415);
    const mismatch = await call("PUT", testJpeg(40, 40), "image/png");
    expect(mismatch.status).toBe(422);
    expect(((await mismatch.json()) as { error: unknown }).error).toMatchObject({
      code: "logo_invalid",
      param: "body",
      message:
        "The Content-Type says image/png but the body is a JPEG image: send it with 'Content-Type: image/jpeg'.",
    });
    const tall = await call("PUT", testPng(20, 2001), "image/png");
    expect(((await tall.json()) as { error: unknown }).error).toMatchObject({
      code: "logo_too_large",
      message: expect.stringContaining("20×2001"),
    });
    expect((await call("GET")).status).toBe(404);
  });

  it("answers a body over 512 KiB at once with 422 logo_too_large, and closes the connection", async () => {
    const { hostname, port } = new URL(gateway.baseUrl);
    const head = [
      "PUT /v1/company/logo HTTP/1.1",
      "Host: localhost",
      `Authorization: Bearer ${gateway.apiKey}`,
      "Content-Type: image/png",
      `Content-Length: ${600 * 1024}`,
      "",
      "",
    ].join("\r\n");
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(Number(port), hostname);
      let text = "";
      socket.on("data", (chunk) => {
        text += chunk.toString("utf8");
      });
      socket.on("close", () => resolve(text));
      socket.on("error", () => undefined);
      socket.write(head);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 422/);
    expect(answer.toLowerCase()).toContain("connection: close");
    expect(answer).toContain('"code":"logo_too_large"');
  });
});
