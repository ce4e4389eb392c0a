import { describe, expect, it } from "vitest";
import { taxRoutes } from "./tax-routes.js";
import { warmUpTax } from "./warm-up-tax.js";

describe("warmUpTax", () => {
  it("computes every sample through the service's routes", async () => {
    expect(
      await warmUpTax(
        taxRoutes(() => new Date("2026-11-22T15:00:00Z")),
        3,
      ),
    ).toBe(24);
  });

  it("fails loudly when a sample stops computing", async () => {
    // Routes whose every document is refused, as an engine that stopped accepting the sample would.
    const refusing = taxRoutes(() => new Date("not a date"));
    await expect(warmUpTax(refusing, 1)).rejects.toThrow(/did not compute/);
  });
});
