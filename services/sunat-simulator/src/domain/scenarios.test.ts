import { describe, expect, it } from "vitest";
import { parseScenarioRequest } from "./scenario-request.js";
import { type RequestSubject, ScenarioBook, scenarioMatches } from "./scenarios.js";

const invoice: RequestSubject = {
  operation: "sendBill",
  identity: { ruc: "20123456786", type: "01", series: "F001", number: 7 },
};

describe("scenarioMatches", () => {
  it.each([
    [{}, true],
    [{ ruc: "20123456786" }, true],
    [{ ruc: "20123456786", type: "01", series: "f001", number: 7, operation: "sendBill" as const }, true],
    [{ ruc: "20000000001" }, false],
    [{ number: 8 }, false],
    [{ series: "F002" }, false],
    [{ type: "03" }, false],
    [{ operation: "getStatusCdr" as const }, false],
  ])("%j → %s", (match, expected) => {
    expect(scenarioMatches(match, invoice)).toBe(expected);
  });

  it("a field the request cannot tell (no identity) does not match", () => {
    expect(scenarioMatches({ ruc: "20123456786" }, { operation: "getStatus", identity: {} })).toBe(false);
    expect(scenarioMatches({ operation: "getStatus" }, { operation: "getStatus", identity: {} })).toBe(true);
  });
});

describe("ScenarioBook", () => {
  it("first registered matching scenario wins; times runs out; unlimited stays", () => {
    const book = new ScenarioBook();
    const twice = book.add({ match: { number: 7 }, knobs: { force_code: "3277" }, times: 2 });
    const always = book.add({ match: {}, knobs: { force_code: "0" } });
    expect(book.take(invoice)?.id).toBe(twice.id);
    expect(book.take({ ...invoice, identity: { number: 8 } })?.id).toBe(always.id);
    expect(book.take(invoice)?.id).toBe(twice.id);
    expect(book.take(invoice)?.id).toBe(always.id);
    expect(book.list().map((s) => s.id)).toEqual([always.id]);
    expect(always.remaining).toBeNull();
  });

  it("clear drops everything; ids keep growing per instance", () => {
    const book = new ScenarioBook();
    book.add({ match: {}, knobs: {} });
    book.clear();
    expect(book.take(invoice)).toBeUndefined();
    expect(book.add({ match: {}, knobs: {} }).id).toBe("scn_2");
    expect(new ScenarioBook().add({ match: {}, knobs: {} }).id).toBe("scn_1");
  });
});

describe("parseScenarioRequest", () => {
  it("accepts the documented shape", () => {
    expect(
      parseScenarioRequest({
        match: { ruc: "20123456786", type: "01", series: "F001", number: 3, operation: "getStatusCdr" },
        knobs: { lost_reply_rate: 1, force_code: "0" },
        times: 1,
      }),
    ).toEqual({
      ok: true,
      spec: {
        match: { ruc: "20123456786", type: "01", series: "F001", number: 3, operation: "getStatusCdr" },
        knobs: { lost_reply_rate: 1, force_code: "0" },
        times: 1,
      },
    });
    expect(parseScenarioRequest({ knobs: {} })).toEqual({ ok: true, spec: { match: {}, knobs: {} } });
  });

  it.each([
    [{ match: {}, knobs: { timeout_rate: 2 } }, /^knobs\.timeout_rate: must be between 0 and 1/],
    [{ match: {}, knobs: { latency: 1 } }, /^knobs\.latency: is not a known field/],
    [{ match: { operation: "send" }, knobs: {} }, /^match\.operation: must be one of sendBill/],
    [{ match: { ruc: "123" }, knobs: {} }, /^match\.ruc: must be an 11-digit RUC/],
    [{ match: { number: "7" }, knobs: {} }, /^match\.number:/],
    [{ match: {}, knobs: {}, times: 0 }, /^times: must be ≥ 1/],
    [{ match: {} }, /^knobs:/],
    [{ match: {}, knobs: {}, extra: true }, /^extra: is not a known field/],
    ["nope", /^body:/],
  ])("%j → 400 naming the field", (body, error) => {
    const parsed = parseScenarioRequest(body);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(error);
  });
});
