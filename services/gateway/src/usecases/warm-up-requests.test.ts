import { sampleSale } from "@einvoice/domain";
import { describe, expect, it } from "vitest";
import { RequestValidator } from "../schemas/validate.js";
import { warmUpRequests } from "./warm-up-requests.js";

describe("warmUpRequests", () => {
  it("checks and converts sample create bodies that pass the public shape", () => {
    const validator = new RequestValidator();
    expect(warmUpRequests(validator, 3)).toBe(3);
    expect(validator.invoiceRequest(sampleSale(7)).violations).toEqual([]);
  });

  it("fails loudly when a sample stops passing the shape check", () => {
    const refusing = new RequestValidator();
    refusing.invoiceRequest = () => ({
      request: null,
      violations: [{ param: "items", code: "x", message: "x" }],
    });
    expect(() => warmUpRequests(refusing, 1)).toThrow(/failed the shape check/);
  });
});
