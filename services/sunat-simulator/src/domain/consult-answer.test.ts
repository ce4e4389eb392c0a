import { describe, expect, it } from "vitest";
import {
  type ConsultedDocument,
  consultRestriction,
  statusCdrAnswer,
  validityAnswer,
} from "./consult-answer.js";

const doc = (over: Partial<ConsultedDocument> = {}): ConsultedDocument => ({
  outcome: "accepted",
  voided: false,
  cdrZip: "UEsDBA==",
  ...over,
});

describe("consultRestriction: only facturas and their notes", () => {
  it.each([
    ["01", "F001", undefined],
    ["07", "FC01", undefined],
    ["08", "fd01", undefined],
    ["03", "B001", "0009"],
    ["09", "T001", "0009"],
    ["07", "BC01", "0010"],
    ["01", "0001", "0010"],
  ])("%s %s → %s", (type, series, code) => {
    expect(consultRestriction(type, series)?.statusCode).toBe(code);
  });
});

describe("statusCdrAnswer", () => {
  it.each([
    [doc(), "0004", "La constancia existe", "UEsDBA=="],
    [doc({ outcome: "rejected", cdrZip: "UkVK" }), "0004", "La constancia existe", "UkVK"],
    [doc({ voided: true }), "0004", "La constancia existe", "UEsDBA=="],
    [null, "0127", "El ticket no existe", undefined],
    [doc({ cdrZip: null }), "0127", "El ticket no existe", undefined],
  ])("%j → %s", (document, statusCode, statusMessage, contentBase64) => {
    expect(statusCdrAnswer(document)).toEqual({
      statusCode,
      statusMessage,
      ...(contentBase64 && { contentBase64 }),
    });
  });
});

describe("validityAnswer", () => {
  it.each([
    [doc(), "0001"],
    [doc({ outcome: "observed" }), "0001"],
    [doc({ outcome: "rejected" }), "0002"],
    [doc({ voided: true }), "0003"],
    [null, "0011"],
  ])("%j → %s", (document, code) => {
    expect(validityAnswer(document).statusCode).toBe(code);
  });
});
