import { computedDocuments, issuers, receivedPart } from "@einvoice/contracts";
import { describe, expect, it } from "vitest";
import { subjects } from "./catalog.js";
import { sampleIssued } from "./warm-up.js";

const payload = subjects.documentIssued.payload;

function published(): Record<string, unknown> {
  return JSON.parse(JSON.stringify(payload.encode(sampleIssued(0)))) as Record<string, unknown>;
}

describe("a received payload checked once", () => {
  it("takes a part of a payload that passed the strict schema as its domain value, equal to the message's", () => {
    const json = published();
    const { payload: message, strict } = payload.decodeReceived(json);
    expect(strict).toBe(true);
    const computed = computedDocuments.fromMessage(
      message.computed,
      "computed",
      receivedPart({ json, strict }, "computed"),
    );
    expect(computed).toBe(json.computed);
    expect(computed).toEqual(computedDocuments.fromMessage(message.computed, "computed"));
    expect(issuers.fromMessage(message.issuer, "issuer", receivedPart({ json, strict }, "issuer"))).toEqual(
      issuers.fromMessage(message.issuer, "issuer"),
    );
  });

  it("decodes a newer publisher's payload tolerantly and converts its parts back from the message", () => {
    const json = published();
    (json.computed as Record<string, unknown>).added_later = "x";
    const { payload: message, strict } = payload.decodeReceived(json);
    expect(strict).toBe(false);
    const computed = computedDocuments.fromMessage(
      message.computed,
      "computed",
      receivedPart({ json, strict }, "computed"),
    );
    expect(computed).not.toHaveProperty("added_later");
    expect(computed).toEqual(computedDocuments.fromMessage(message.computed, "computed"));
  });

  it("refuses what fails the tolerant schema too", () => {
    const json = published();
    delete json.computed;
    json.number = "one";
    expect(() => payload.decodeReceived(json)).toThrow(/number/);
  });
});
