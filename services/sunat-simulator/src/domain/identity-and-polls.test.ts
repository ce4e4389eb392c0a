import { describe, expect, it } from "vitest";
import { identityKey, normalizeIdentityKey, parseIdentity } from "./document-identity.js";
import { greQrUrl } from "./gre-qr.js";
import { seededRandom } from "./seeded-random.js";
import { isStillPending } from "./ticket-poll.js";
import { forcedVerdict } from "./verdict.js";

describe("document identity", () => {
  it.each([
    ["20123456786-01-F001-7", "20123456786-01-F001-7"],
    ["20123456786-01-f001-00000007.zip", "20123456786-01-F001-7"],
    ["20123456786-09-T001-1.xml", "20123456786-09-T001-1"],
    ["20123456786-RC-20240501-001", "20123456786-RC-20240501-1"],
    ["20123456786-01-F001", undefined],
    ["30123456789-01-F001-1", undefined],
  ])("%s → %s", (name, key) => {
    expect(normalizeIdentityKey(name)).toBe(key);
  });

  it("parses into the scenario-matching fields", () => {
    expect(parseIdentity("20123456786-07-FC01-0012.zip")).toEqual({
      ruc: "20123456786",
      type: "07",
      series: "FC01",
      number: 12,
    });
    expect(identityKey({ ruc: "20123456786", type: "01", series: "f001", number: 3 })).toBe(
      "20123456786-01-F001-3",
    );
  });
});

describe("isStillPending: 98 for the first N polls", () => {
  it.each([
    [0, 0, undefined, false],
    [2, 0, undefined, true],
    [2, 1, undefined, true],
    [2, 2, undefined, false],
    [2, 5, undefined, false],
    [0, 0, 1, true],
    [5, 1, 1, false],
  ])("pending_polls %i, polls so far %i, override %s → %s", (pendingPolls, polls, override, pending) => {
    expect(isStillPending({ pendingPolls, polls }, override)).toBe(pending);
  });
});

describe("forcedVerdict", () => {
  const subject = { type: "01", series: "F001", number: "3" };
  it.each([
    ["0", "accepted", "0", []],
    ["4252", "observed", "0", ["4252"]],
    ["3277", "rejected", "3277", []],
    ["2335", "rejected", "2335", []],
    ["0109", "exception", "0109", []],
  ])("%s → %s", (code, outcome, responseCode, notes) => {
    const verdict = forcedVerdict(code, subject);
    expect(verdict).toMatchObject({ outcome, responseCode });
    expect(verdict.notes.map((n) => n.code)).toEqual(notes);
  });

  it("an observation note reads 'code - message' in the CDR", () => {
    expect(forcedVerdict("4252", subject).notes[0]!.text).not.toBe("");
  });
});

describe("seededRandom and greQrUrl", () => {
  it("replays the same sequence for the same seed", () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const seq = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(seq);
    expect(seq.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it("builds SUNAT's QR URL, stable for the same guía", () => {
    const url = greQrUrl("20123456786-09-T001-1", "ab");
    expect(url).toMatch(
      /^https:\/\/e-factura\.sunat\.gob\.pe\/v1\/contribuyente\/gre\/comprobantes\/descargaqr\?hashqr=/,
    );
    expect(greQrUrl("20123456786-09-T001-1", "ab")).toBe(url);
  });
});
