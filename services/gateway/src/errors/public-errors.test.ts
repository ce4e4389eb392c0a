import { Code, ConnectError, reasonError, violationsError } from "@einvoice/platform";
import { describe, expect, it } from "vitest";
import { publicErrorFromConnect } from "./public-errors.js";

describe("publicErrorFromConnect()", () => {
  it("should turn field violations into a 422 naming every field", () => {
    const error = publicErrorFromConnect(
      violationsError([
        { param: "items.0.discount.amount", code: "discount_exceeds_amount", message: "too big" },
        { param: "currency", code: "parameter_invalid", message: "bad" },
      ]),
    );
    expect(error.status).toBe(422);
    expect(error.toBody().error).toMatchObject({
      type: "invalid_request_error",
      code: "discount_exceeds_amount",
      param: "items.0.discount.amount",
    });
    expect(error.errors).toHaveLength(2);
  });

  it.each([
    [Code.NotFound, 404, "resource_missing"],
    [Code.FailedPrecondition, 409, "conflict"],
    [Code.Unavailable, 503, "service_unavailable"],
    [Code.Internal, 500, "internal_error"],
    [Code.InvalidArgument, 400, "invalid_request"],
  ])("should map code %s to HTTP %s", (code, status, publicCode) => {
    const error = publicErrorFromConnect(new ConnectError("x", code));
    expect(error.status).toBe(status);
    expect(error.code).toBe(publicCode);
  });

  it("should answer 422 naming the credential field signing refused", () => {
    const error = publicErrorFromConnect(
      violationsError([
        { param: "password", code: "wrong_password", message: "The password does not open it." },
      ]),
    );
    expect(error.status).toBe(422);
    expect(error.toBody().error).toMatchObject({ code: "wrong_password", param: "password" });
  });

  it("should keep a service's reason code", () => {
    const error = publicErrorFromConnect(
      reasonError(Code.FailedPrecondition, "company_not_configured", "no cert"),
    );
    expect(error.status).toBe(409);
    expect(error.code).toBe("company_not_configured");
  });
});
