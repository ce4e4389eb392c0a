import { SAMPLE_INVOICE } from "@einvoice/domain";
import { describe, expect, it } from "vitest";
import { subjects } from "./catalog.js";
import { sampleIssued, warmUpCodecs } from "./warm-up.js";

describe("warmUpCodecs", () => {
  it("round-trips the sample invoice through the codecs", () => {
    expect(warmUpCodecs(3)).toBe(3);
  });

  it("samples a documents.issued that passes its strict contract, lines and amounts as the domain's sample", () => {
    const json = subjects.documentIssued.payload.encode(sampleIssued(4)) as {
      number: number;
      computed: { lines: { description: string }[]; amounts: { total: string } };
    };
    expect(json.number).toBe(5);
    expect(json.computed.amounts.total).toBe(SAMPLE_INVOICE.computed.amounts.total);
    expect(json.computed.lines.map((line) => line.description)).toEqual(
      SAMPLE_INVOICE.computed.lines.map((line) => `${line.description} 4`),
    );
  });
});
