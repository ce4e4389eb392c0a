import { fileURLToPath } from "node:url";
import * as grpc from "@grpc/grpc-js";
import * as protoLoader from "@grpc/proto-loader";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootTestSystem, type TestSystem } from "./harness.js";

const invoice = (description = "Widget") => ({
  series: "F001",
  customer: { document_type: "6", document_number: "20100070970", name: "CLIENTE SAC" },
  items: [{ description, quantity: 1, unit_price: "100.00" }],
});

describe("Idempotency-Key on create calls", () => {
  let sys: TestSystem;

  beforeAll(async () => {
    sys = await bootTestSystem();
  });

  afterAll(async () => {
    await sys?.stop();
  });

  const create = (key: string, body: unknown = invoice(), path = "/v1/invoices") =>
    sys.request(path, { method: "POST", body, headers: { "idempotency-key": key } });

  it("should replay the first answer to a repeat, with Idempotent-Replayed", async () => {
    const first = await create("order-1001");
    expect(first.status).toBe(202);
    const again = await create("order-1001");
    expect(again.status).toBe(202);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.get("location")).toBe(first.headers.get("location"));
    expect(again.body).toEqual(first.body);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
  });

  it("should refuse the key on another body or path with 422 idempotency_key_reused", async () => {
    await create("order-1002");
    const otherBody = await create("order-1002", invoice("Otro"));
    expect(otherBody.status).toBe(422);
    expect(otherBody.body.error).toMatchObject({ code: "idempotency_key_reused", param: "Idempotency-Key" });
    const otherPath = await create("order-1002", { ...invoice(), series: "B001" }, "/v1/receipts");
    expect(otherPath.body.error.code).toBe("idempotency_key_reused");
  });

  it("should give five concurrent requests with one key one number", async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => create("order-1003")));
    const issued = answers.filter((a) => a.status === 202);
    const busy = answers.filter((a) => a.status === 409);
    expect(issued.length + busy.length).toBe(5);
    expect(new Set(issued.map((a) => a.body.id)).size).toBe(1);
    for (const answer of busy) {
      expect(answer.body.error.code).toBe("idempotency_key_in_use");
      expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    const before = issued[0]!.body.number;
    const next = await create("order-1004");
    expect(next.body.number).toBe(before + 1);
  });

  it("should refuse a malformed key naming the header", async () => {
    const res = await create("x".repeat(256));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "idempotency_key_invalid", param: "Idempotency-Key" });
  });

  it("should find the document of a create whose answer was lost, never issuing a second number", async () => {
    // As if the gateway had passed the key to numbering and died before answering: the document exists with the
    // key, and the gateway has no record of the request.
    const protoDir = fileURLToPath(new URL("../../proto", import.meta.url));
    const definition = protoLoader.loadSync(
      ["einvoice/tax/v1/tax.proto", "einvoice/numbering/v1/numbering.proto"],
      { includeDirs: [protoDir], keepCase: true, defaults: true, oneofs: true },
    );
    const { einvoice } = grpc.loadPackageDefinition(definition) as any;
    const address = (port: number) => `127.0.0.1:${port}`;
    const tax = new einvoice.tax.v1.TaxService(
      address(sys.system.ports.taxRpc),
      grpc.credentials.createInsecure(),
    );
    const numbering = new einvoice.numbering.v1.NumberingService(
      address(sys.system.ports.numberingRpc),
      grpc.credentials.createInsecure(),
    );
    const call = (client: any, method: string, request: unknown): Promise<any> =>
      new Promise((resolve, reject) =>
        client[method](request, (e: Error | null, r: unknown) => (e ? reject(e) : resolve(r))),
      );
    const body = invoice();
    const { document: computed } = await call(tax, "ComputeDocument", { type: "01", request: body });
    const lost = await call(numbering, "IssueDocument", {
      scope: { company_id: sys.companyId, livemode: false },
      issuer: {
        ruc: "20000000001",
        legal_name: "EMPRESA DE PRUEBA S.A.C.",
        address: { line: "Av. Arequipa 123", establishment_code: "0000", country_code: "PE" },
      },
      computed,
      idempotency_key: "order-lost",
    });
    tax.close();
    numbering.close();
    const retry = await create("order-lost", body);
    expect(retry.status).toBe(202);
    expect(retry.body.id).toBe(lost.document.id);
    expect(retry.body.number).toBe(lost.document.number);
  });
});
