import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { ItemErrorSchema } from "@einvoice/proto";
import { describe, expect, it } from "vitest";
import { connectErrorOf, itemErrorOf } from "./item-errors.js";
import {
  Code,
  ConnectError,
  readReason,
  readViolations,
  reasonError,
  violationsError,
} from "./rpc-errors.js";

/** The error as the other side of the call reads it: through the wire encoding of ItemError. */
const roundTrip = (error: unknown) => {
  const bytes = toBinary(ItemErrorSchema, create(ItemErrorSchema, itemErrorOf(error)));
  return connectErrorOf(fromBinary(ItemErrorSchema, bytes));
};

describe("a batched item's error", () => {
  it("keeps the code and every field violation", () => {
    const violations = [
      { param: "items.0.quantity", code: "invalid", message: "Quantity must be positive." },
      { param: "currency", code: "invalid", message: "Unknown currency." },
    ];
    const error = roundTrip(violationsError(violations));
    expect(error.code).toBe(Code.InvalidArgument);
    expect(error.rawMessage).toBe("validation failed");
    expect(readViolations(error)).toEqual(violations);
  });

  it("keeps an error reason", () => {
    const error = roundTrip(
      reasonError(Code.FailedPrecondition, "company_not_configured", "Set it up first."),
    );
    expect(error.code).toBe(Code.FailedPrecondition);
    expect(error.rawMessage).toBe("Set it up first.");
    expect(readReason(error)).toEqual({ code: "company_not_configured", param: "" });
  });

  it("keeps details that were themselves received from another call", () => {
    const received = roundTrip(reasonError(Code.NotFound, "resource_missing", "No such document", "id"));
    expect(readReason(roundTrip(received))).toEqual({ code: "resource_missing", param: "id" });
  });

  it("answers a plain Error as Connect answers it for a single call: UNKNOWN with its message", () => {
    const error = roundTrip(new Error("disk full"));
    expect(error).toBeInstanceOf(ConnectError);
    expect(error.code).toBe(Code.Unknown);
    expect(error.rawMessage).toBe("disk full");
    expect(error.details).toEqual([]);
  });

  it("reads a code it does not know as UNKNOWN", () => {
    const error = connectErrorOf(create(ItemErrorSchema, { code: 99, message: "from the future" }));
    expect(error.code).toBe(Code.Unknown);
    expect(error.rawMessage).toBe("from the future");
  });
});
