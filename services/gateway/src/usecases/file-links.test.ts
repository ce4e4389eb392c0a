import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { FileLinks, filePathOf } from "./file-links.js";

const HOUR = 3_600_000;
const scope = { companyId: "cmp_0123456789abcdef", livemode: false };
const link = "https://api.example.com/v1/files/doc_0123456789abcdef/pdf";

function signer(at: number, secret = randomBytes(32)) {
  const clock = { now: at };
  return { links: new FileLinks({ secret, ttlSeconds: 86_400, clock: () => clock.now }), clock, secret };
}

const queryOf = (url: string) => Object.fromEntries(new URL(url).searchParams);
const pathOf = (url: string) => filePathOf(new URL(url).pathname)!;

describe("signed file links", () => {
  const start = Date.UTC(2026, 10, 24, 10, 20, 0);

  it("names the owner, expires on the hour at least the TTL later, and verifies", () => {
    const { links } = signer(start);
    const signed = links.sign(link, scope);
    const query = queryOf(signed);
    expect(query).toMatchObject({ company: scope.companyId, mode: "test" });
    expect(Number(query.expires) * 1000).toBe(Date.UTC(2026, 10, 25, 11, 0, 0));
    expect(signed.startsWith(`${link}?`)).toBe(true);
    expect(links.verify(pathOf(signed), query)).toEqual({ ok: true, scope });
    expect(queryOf(links.sign(link, { ...scope, livemode: true })).mode).toBe("live");
  });

  it("presents the same link for an hour, so callers' caches hold", () => {
    const { links, clock } = signer(start);
    const first = links.sign(link, scope);
    clock.now = start + 30 * 60_000;
    expect(links.sign(link, scope)).toBe(first);
  });

  it("refuses a link once expired, and says when it expired", () => {
    const { links, clock } = signer(start);
    const signed = links.sign(link, scope);
    clock.now = Number(queryOf(signed).expires) * 1000;
    expect(links.verify(pathOf(signed), queryOf(signed))).toEqual({
      ok: false,
      reason: "expired",
      expiredAt: new Date(clock.now),
    });
  });

  it.each([
    ["another company", { company: "cmp_ffffffffffffffff" }],
    ["the other mode", { mode: "live" }],
    ["a later expiry", { expires: String(Math.floor(start / 1000) + 10 * 365 * 86_400) }],
    ["a changed signature", { signature: "A".repeat(43) }],
  ])("refuses %s as forged", (_, change) => {
    const { links } = signer(start);
    const signed = links.sign(link, scope);
    expect(links.verify(pathOf(signed), { ...queryOf(signed), ...change })).toMatchObject({
      ok: false,
      reason: "forged",
    });
  });

  it("refuses the signature of one file on another file or document, and another server's signature", () => {
    const { links, secret } = signer(start);
    const signed = links.sign(link, scope);
    const query = queryOf(signed);
    expect(links.verify({ documentId: "doc_0123456789abcdef", kind: "xml" }, query).ok).toBe(false);
    expect(links.verify({ documentId: "doc_fedcba9876543210", kind: "pdf" }, query).ok).toBe(false);
    const other = signer(start).links;
    expect(other.verify(pathOf(signed), query).ok).toBe(false);
    expect(signer(start, secret).links.verify(pathOf(signed), query).ok).toBe(true);
  });

  it.each([
    ["no signature", { signature: undefined }],
    ["no company", { company: undefined }],
    ["an unknown mode", { mode: "prod" }],
    ["a non-numeric expiry", { expires: "tomorrow" }],
  ])("calls a link with %s malformed", (_, change) => {
    const { links } = signer(start);
    const signed = links.sign(link, scope);
    expect(links.verify(pathOf(signed), { ...queryOf(signed), ...change })).toEqual({
      ok: false,
      reason: "malformed",
    });
  });

  it("leaves links that are not files untouched", () => {
    const { links } = signer(start + HOUR);
    expect(links.sign("https://api.example.com/v1/documents/doc_1", scope)).toBe(
      "https://api.example.com/v1/documents/doc_1",
    );
    expect(filePathOf("/v1/files/doc_1/pdf/extra")).toBeNull();
  });
});
