import { computeDocument } from "@einvoice/tax-engine";
import { describe, expect, it } from "vitest";
import { RequestValidator } from "../schemas/validate.js";
import { acceptedDocument } from "./document-examples.js";
import { CREATE_EXAMPLES, REFUSED_EXAMPLE } from "./request-examples.js";

/**
 * The documented figures are the engine's: each create example's body passes the gateway's shape check, and the
 * tax engine computes exactly the amounts, total, currency and customer its documented answer shows (with the
 * nulls the presenter adds). The e2e test `test/src/api-reference.test.ts` repeats this through the running system.
 */

const TODAY = "2026-06-01";
const validator = new RequestValidator();
const TYPE = { invoice: "01", receipt: "03" } as const;

/** The engine's answer for a documented body. */
function compute(body: Record<string, unknown>, type: "01" | "03") {
  const shape = validator.invoiceRequest(body);
  expect(shape.violations).toEqual([]);
  if (!shape.request) throw new Error("the documented body does not pass the shape check");
  return computeDocument(shape.request, { type, today: TODAY });
}

/** The presenter's nulls: every optional field the engine leaves out is null in the public JSON. */
const withNulls = <T extends object>(value: T, keys: readonly string[]) => ({
  ...Object.fromEntries(keys.map((key) => [key, null])),
  ...value,
});

describe("documented create examples", () => {
  it.each(CREATE_EXAMPLES.map((example) => [example.name, example] as const))(
    "%s: the engine computes the documented figures",
    (_name, example) => {
      const result = compute(example.request, TYPE[example.kind]);
      if (!result.ok) throw new Error(JSON.stringify(result.errors));
      const { document } = result;
      expect(withNulls(document.amounts, ["perception", "total_to_collect", "detraction"])).toEqual(
        example.computed.amounts,
      );
      expect(withNulls(document.customer, ["address", "country_code"])).toEqual(example.computed.customer);
      expect(document.currency).toBe(example.computed.currency);
      expect(document.amounts.total).toBe(example.computed.total);
      const answer = acceptedDocument(example);
      expect(answer.type).toBe(document.type);
      expect(answer.series).toBe(document.series);
    },
  );

  it("the refused example gets exactly the documented violations", () => {
    const result = compute(REFUSED_EXAMPLE.request, "01");
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.errors).toEqual(REFUSED_EXAMPLE.violations);
  });

  it("covers both document kinds, each feature once", () => {
    const kinds = new Set(CREATE_EXAMPLES.map((e) => e.kind));
    expect([...kinds].sort()).toEqual(["invoice", "receipt"]);
    const bodies = JSON.stringify(CREATE_EXAMPLES.map((e) => e.request));
    for (const feature of [
      "detraction",
      "perception",
      "installments",
      "isc",
      "icbper",
      "price_includes_tax",
      '"40"',
    ])
      expect(bodies, feature).toContain(feature);
    expect(new Set(CREATE_EXAMPLES.map((e) => `${e.kind}:${e.request.series}`)).size).toBe(
      CREATE_EXAMPLES.length,
    );
  });
});
