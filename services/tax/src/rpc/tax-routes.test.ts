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
  customer: { documentType: "6", documentNumber: "20100070970", name: "Cliente SAC" },
  items: [{ description: "Widget", quantity: "2", unitPrice: "50.00" }],
};

describe("TaxService.ComputeDocument", () => {
  it("should compute a taxed PEN invoice", async () => {
    const res = await client.computeDocument({ type: "01", request: invoice });
    expect(res.document?.amounts).toMatchObject({ taxed: "100.00", igv: "18.00", total: "118.00" });
    expect(res.document?.issueDate).toBe("2026-11-22");
  });

  it("should compute at the special IGV rate for a restaurants_hotels issuer (10.5 % in 2026)", async () => {
    const res = await client.computeDocument({
      type: "01",
      request: invoice,
      igvRegime: "restaurants_hotels",
    });
    expect(res.document?.amounts).toMatchObject({ taxed: "100.00", igv: "10.50", total: "110.50" });
  });

  it("should fail with field violations naming the field", async () => {
    const bad = {
      ...invoice,
      items: [{ description: "Widget", quantity: "2", unitPrice: "50.00", discount: { amount: "500.00" } }],
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

  it("should name a missing request and a missing line field, not fail inside the engine", async () => {
    const missing = await client.computeDocument({ type: "01" }).catch((e) => e);
    expect(readViolations(missing)).toEqual([expect.objectContaining({ param: "", code: "required" })]);
    const noItemsField = await client
      .computeDocument({ type: "01", request: { series: "F001", items: [{ description: "Widget" }] } })
      .catch((e) => e);
    expect((noItemsField as ConnectError).code).toBe(Code.InvalidArgument);
    expect(readViolations(noItemsField).map((v) => v.param)).toContain("items.0.quantity");
  });
});
