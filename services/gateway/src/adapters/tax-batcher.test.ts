import { type ConnectRouter, createClient, createRouterTransport } from "@connectrpc/connect";
import { Code, ConnectError, readViolations } from "@einvoice/platform";
import { type ComputeDocumentRequest, TaxService } from "@einvoice/proto";
import { taxRoutes } from "@einvoice/tax/routes";
import { describe, expect, it } from "vitest";
import { type ComputeDocumentInit, TaxBatcher } from "./tax-batcher.js";

/**
 * The real tax service's handlers, whose ComputeDocuments calls wait until the test releases them, so the test
 * decides which requests arrive during a call.
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
  return { client: createClient(TaxService, createRouterTransport(routes)), calls };
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
    expect((await first).amounts?.total).toBe("118.00");
    expect((await good) as { amounts: { total: string } }).toMatchObject({ amounts: { total: "118.00" } });
    expect((await alsoGood) as { amounts: { total: string } }).toMatchObject({ amounts: { total: "23.60" } });
    const error = await bad;
    expect(error).toBeInstanceOf(ConnectError);
    expect((error as ConnectError).code).toBe(Code.InvalidArgument);
    expect(readViolations(error as ConnectError).map((v) => v.param)).toContain("items.0.unit_price");
  });

  it("bounds a call by documents and by lines, and sends a document over the line bound alone", async () => {
    const tax = heldTax();
    const batcher = new TaxBatcher(tax.client, { ...limits, maxItems: 2, maxWeight: 10 });
    const blocker = batcher.compute(invoice("blocker"));
    await settle();
    const all = [
      batcher.compute(invoice("a", "1.00", 3)),
      batcher.compute(invoice("b", "1.00", 3)),
      batcher.compute(invoice("c", "1.00", 3)),
      batcher.compute(invoice("long", "1.00", 25)),
      batcher.compute(invoice("d", "1.00", 6)),
      batcher.compute(invoice("e", "1.00", 5)),
    ];
    for (let call = 0; call < 5; call++) {
      tax.calls[call]!.release();
      await settle();
    }
    expect(tax.calls.map((c) => c.items.map((i) => i.request?.items[0]?.description))).toEqual([
      ["blocker"],
      ["a", "b"],
      ["c"],
      ["long"],
      ["d"],
      ["e"],
    ]);
    tax.calls[5]!.release();
    const computed = await Promise.all([blocker, ...all]);
    expect(computed.map((d) => d.lines.length)).toEqual([1, 3, 3, 3, 25, 6, 5]);
  });

  it("fails with DEADLINE_EXCEEDED when tax is silent, each call bounded by its oldest create's time left", async () => {
    const timeouts: (number | undefined)[] = [];
    const silent = createClient(
      TaxService,
      createRouterTransport((router) =>
        router.service(TaxService, {
          computeDocuments: (_req, context) => {
            timeouts.push(context.timeoutMs());
            return new Promise(() => undefined);
          },
        }),
      ),
    );
    const batcher = new TaxBatcher(silent, { ...limits, timeoutMs: 200 });
    const first = batcher.compute(invoice("a")).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 120));
    const queued = batcher.compute(invoice("b")).catch((error: unknown) => error);
    for (const error of await Promise.all([first, queued]))
      expect((error as ConnectError).code).toBe(Code.DeadlineExceeded);
    expect(timeouts).toHaveLength(2);
    expect(timeouts[0]).toBeGreaterThan(180);
    expect(timeouts[1]).toBeGreaterThan(60);
    expect(timeouts[1]).toBeLessThan(140);
  });

  it("fails a create whose time ran out in the queue without sending it", async () => {
    const sent: number[] = [];
    // A tax service slower than the caller's deadline (a call that ignores its timeout).
    const real = createClient(TaxService, createRouterTransport(taxRoutes()));
    const slow = {
      computeDocuments: async (req: { items: ComputeDocumentInit[] }) => {
        sent.push(req.items.length);
        await new Promise((resolve) => setTimeout(resolve, 250));
        return real.computeDocuments(req);
      },
    } as unknown as ConstructorParameters<typeof TaxBatcher>[0];
    const batcher = new TaxBatcher(slow, { ...limits, timeoutMs: 100 });
    const first = batcher.compute(invoice("a"));
    await new Promise((resolve) => setTimeout(resolve, 10));
    const queued = batcher.compute(invoice("b")).catch((error: unknown) => error);
    expect((await first).amounts?.total).toBe("118.00");
    const error = await queued;
    expect((error as ConnectError).code).toBe(Code.DeadlineExceeded);
    expect((error as ConnectError).rawMessage).toBe("tax did not answer in time");
    expect(sent).toEqual([1]);
  });
});
