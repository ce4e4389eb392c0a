import { fromBinary } from "@bufbuild/protobuf";
import { type ConnectRouter, createClient, createRouterTransport } from "@connectrpc/connect";
import { Code, ConnectError, readViolations } from "@einvoice/platform";
import {
  type ComputeDocumentRequest,
  ComputedDocumentSchema,
  TaxService,
  TaxServiceEncoded,
} from "@einvoice/proto";
import { taxRoutes } from "@einvoice/tax/routes";
import { describe, expect, it } from "vitest";
import { type ComputeDocumentInit, TaxBatcher } from "./tax-batcher.js";

/**
 * The real tax service's handlers, whose ComputeDocuments calls wait until the test releases them, so the test
 * decides which requests arrive during a call. The batcher's client reads their binary answers encoded.
 */
function heldTax() {
  const calls: { items: ComputeDocumentRequest[]; release(): void }[] = [];
  const real = createClient(
    TaxService,
    createRouterTransport(taxRoutes(() => new Date("2026-11-22T15:00:00Z"))),
  );
  const routes = (router: ConnectRouter) =>
    router.service(TaxService, {
      computeDocuments: (req) =>
        new Promise((resolve, reject) => {
          calls.push({
            items: req.items,
            release: () => real.computeDocuments({ items: req.items }).then(resolve, reject),
          });
        }),
    });
  return { client: createClient(TaxServiceEncoded, createRouterTransport(routes)), calls };
}

const invoice = (description: string, unitPrice = "50.00", lines = 1): ComputeDocumentInit => ({
  type: "01",
  request: {
    series: "F001",
    customer: { documentType: "6", documentNumber: "20100070970", name: "Cliente SAC" },
    items: Array.from({ length: lines }, () => ({ description, quantity: "2", unitPrice })),
  },
});

/** Lets the router transport deliver what is pending. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

const limits = { timeoutMs: 5_000, maxInFlight: 1, maxItems: 64, maxWeight: 2000 };

describe("TaxBatcher", () => {
  it("computes the creates arriving during a call in one call; a bad one fails alone, with its violations", async () => {
    const tax = heldTax();
    const batcher = new TaxBatcher(tax.client, limits);
    const first = batcher.compute(invoice("Primero"));
    await settle();
    const [good, bad, alsoGood] = [
      batcher.compute(invoice("Widget")),
      // A negative price is refused by the engine: a field violation on items.0.unit_price.
      batcher.compute(invoice("Roto", "-5.00")),
      batcher.compute(invoice("Gadget", "10.00")),
    ].map((p) => p.catch((error: unknown) => error));
    await settle();
    expect(tax.calls).toHaveLength(1);
    tax.calls[0]!.release();
    await settle();
    expect(tax.calls.map((c) => c.items.map((i) => i.request?.items[0]?.description))).toEqual([
      ["Primero"],
      ["Widget", "Roto", "Gadget"],
    ]);
    tax.calls[1]!.release();
    const totalOf = (encoded: unknown) =>
      fromBinary(ComputedDocumentSchema, encoded as Uint8Array).amounts?.total;
    expect(totalOf(await first)).toBe("118.00");
    expect(totalOf(await good)).toBe("118.00");
    expect(totalOf(await alsoGood)).toBe("23.60");
    const error = await bad;
    expect(error).toBeInstanceOf(ConnectError);
    expect((error as ConnectError).code).toBe(Code.InvalidArgument);
    expect(readViolations(error as ConnectError).map((v) => v.param)).toContain("items.0.unit_price");
  });

  it("weighs a create by its lines: a call holds at most maxWeight of them", async () => {
    const tax = heldTax();
    const batcher = new TaxBatcher(tax.client, { ...limits, maxWeight: 6 });
    const blocker = batcher.compute(invoice("blocker"));
    await settle();
    const all = [
      batcher.compute(invoice("a", "1.00", 3)),
      batcher.compute(invoice("b", "1.00", 3)),
      batcher.compute(invoice("c", "1.00", 5)),
    ];
    for (let call = 0; call < 2; call++) {
      tax.calls[call]!.release();
      await settle();
    }
    expect(tax.calls.map((c) => c.items.map((i) => i.request?.items[0]?.description))).toEqual([
      ["blocker"],
      ["a", "b"],
      ["c"],
    ]);
    tax.calls[2]!.release();
    const computed = await Promise.all([blocker, ...all]);
    expect(computed.map((d) => fromBinary(ComputedDocumentSchema, d).lines.length)).toEqual([1, 3, 3, 5]);
  });
});
