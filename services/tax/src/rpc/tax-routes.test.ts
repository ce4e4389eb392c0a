import { createClient, createRouterTransport } from "@connectrpc/connect";
import { Code, ConnectError, readViolations } from "@einvoice/platform";
import { TaxService } from "@einvoice/proto";
import { describe, expect, it } from "vitest";
import { taxRoutes } from "./tax-routes.js";

const client = createClient(
  TaxService,
  createRouterTransport(taxRoutes(() => new Date("2026-11-22T15:00:00Z"))),
);

const invoice = {
  series: "F001",
  customer: { document_type: "6", document_number: "20100070970", name: "Cliente SAC" },
  items: [{ description: "Widget", quantity: 2, unit_price: "50.00" }],
};

describe("TaxService.ComputeDocument", () => {
  it("should compute a taxed PEN invoice", async () => {
    const res = await client.computeDocument({ type: "01", request: invoice });
    const document = res.document as { amounts: Record<string, string>; issue_date: string };
    expect(document.amounts).toMatchObject({ taxed: "100.00", igv: "18.00", total: "118.00" });
    expect(document.issue_date).toBe("2026-11-22");
  });

  it("should fail with field violations naming the field", async () => {
    const bad = {
      ...invoice,
      items: [{ description: "Widget", quantity: 2, unit_price: "50.00", discount: { amount: "500.00" } }],
    };
    const error = await client.computeDocument({ type: "01", request: bad }).catch((e) => e);
    expect(error).toBeInstanceOf(ConnectError);
    expect((error as ConnectError).code).toBe(Code.InvalidArgument);
    expect(readViolations(error).map((v) => v.param)).toContain("items.0.discount.amount");
  });

  it("should refuse an unknown document type", async () => {
    const error = await client.computeDocument({ type: "09", request: invoice }).catch((e) => e);
    expect((error as ConnectError).code).toBe(Code.InvalidArgument);
  });
});
