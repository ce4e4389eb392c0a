import { describe, expect, it } from "vitest";
import { parseKnobHeader } from "./knob-header.js";
import { KnobResolver } from "./knob-resolver.js";
import { knobsSchema, layerKnobs, rollFate } from "./knobs.js";
import { ScenarioBook } from "./scenarios.js";

describe("parseKnobHeader", () => {
  it.each([
    ["", {}],
    ["latency_ms=200; force_code=3277", { latency_ms: 200, force_code: "3277" }],
    [" timeout_rate = 1 ;; lost_reply_rate=0.25 ", { timeout_rate: 1, lost_reply_rate: 0.25 }],
    ["force_code=0100", { force_code: "0100" }],
    ["force_code=0;ticket_pending_polls=3", { force_code: "0", ticket_pending_polls: 3 }],
    ["http_5xx_rate=0", { http_5xx_rate: 0 }],
  ])("%j → %j", (header, knobs) => {
    expect(parseKnobHeader(header)).toEqual({ ok: true, knobs });
  });

  it.each([
    ["latency=5", /unknown knob "latency"/],
    ["latency_ms", /not name=value/],
    ["latency_ms=abc", /latency_ms must be a number/],
    ["http_5xx_rate=1.5", /http_5xx_rate must be between 0 and 1/],
    ["ticket_pending_polls=1.5", /ticket_pending_polls must be an integer/],
    ["force_code=32", /force_code must be "0" or a four-digit SUNAT code/],
  ])("refuses %j naming the knob", (header, error) => {
    const parsed = parseKnobHeader(header);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(error);
  });
});

describe("knobsSchema", () => {
  it("pads numeric force codes and refuses unknown knobs", () => {
    expect(knobsSchema.parse({ force_code: 100 })).toEqual({ force_code: "0100" });
    expect(knobsSchema.parse({ force_code: 0 })).toEqual({ force_code: "0" });
    expect(knobsSchema.safeParse({ latency: 1 }).success).toBe(false);
  });
});

describe("layerKnobs", () => {
  it("takes each knob from the first layer that sets it", () => {
    expect(
      layerKnobs({ latency_ms: 1 }, { latency_ms: 2, force_code: "3277" }, undefined, {
        force_code: "0",
        timeout_rate: 0,
      }),
    ).toEqual({ latency_ms: 1, force_code: "3277", timeout_rate: 0 });
  });
});

describe("rollFate", () => {
  const never = () => {
    throw new Error("no roll expected");
  };

  it("rate 1 always fires, rate 0 or unset never rolls", () => {
    expect(rollFate({ http_5xx_rate: 1 }, () => 0.999)).toBe("http_5xx");
    expect(rollFate({ timeout_rate: 1 }, () => 0.999)).toBe("timeout");
    expect(rollFate({ lost_reply_rate: 1 }, () => 0.999)).toBe("lost_reply");
    expect(rollFate({ http_5xx_rate: 0, timeout_rate: 0, lost_reply_rate: 0 }, never)).toBe("answer");
    expect(rollFate({}, never)).toBe("answer");
  });

  it("rolls 5xx, then timeout, then lost reply, each with its own number", () => {
    const rolls = [0.6, 0.3];
    const random = () => rolls.shift()!;
    // 0.6 ≥ 0.5 misses the 5xx, 0.3 < 0.5 hits the timeout.
    expect(rollFate({ http_5xx_rate: 0.5, timeout_rate: 0.5, lost_reply_rate: 0.5 }, random)).toBe("timeout");
    expect(rolls).toEqual([]);
  });
});

describe("KnobResolver precedence: header > scenario > configuration", () => {
  const subject = { operation: "sendBill" as const, identity: { ruc: "20123456786", number: 7 } };

  it("merges per knob and keeps what the request itself asked for apart", () => {
    const scenarios = new ScenarioBook();
    scenarios.add({ match: { ruc: "20123456786" }, knobs: { force_code: "3277", latency_ms: 50 } });
    const resolver = new KnobResolver({ latency_ms: 5, ticket_pending_polls: 2 }, scenarios, () => 0);
    const resolution = resolver.resolve("latency_ms=7", subject);
    expect(resolution).toMatchObject({
      ok: true,
      resolved: {
        knobs: { latency_ms: 7, force_code: "3277", ticket_pending_polls: 2 },
        explicit: { latency_ms: 7, force_code: "3277" },
        fate: "answer",
        scenarioId: "scn_1",
      },
    });
  });

  it("uses the configuration alone when nothing else applies", () => {
    const resolver = new KnobResolver({ lost_reply_rate: 1 }, new ScenarioBook(), () => 0.5);
    expect(resolver.resolve(undefined, subject)).toMatchObject({
      ok: true,
      resolved: { knobs: { lost_reply_rate: 1 }, explicit: {}, fate: "lost_reply" },
    });
  });

  it("a bad header is an error and consumes no scenario", () => {
    const scenarios = new ScenarioBook();
    scenarios.add({ match: {}, knobs: { timeout_rate: 1 }, times: 1 });
    const resolver = new KnobResolver({}, scenarios, () => 0);
    expect(resolver.resolve("bogus=1", subject).ok).toBe(false);
    expect(scenarios.list()).toHaveLength(1);
  });

  it("the header overrides a scenario's knob, yet the scenario's use is spent", () => {
    const scenarios = new ScenarioBook();
    scenarios.add({ match: {}, knobs: { http_5xx_rate: 1 }, times: 1 });
    const resolver = new KnobResolver({}, scenarios, () => 0);
    expect(resolver.resolve("http_5xx_rate=0", subject)).toMatchObject({ resolved: { fate: "answer" } });
    expect(scenarios.list()).toEqual([]);
  });
});
