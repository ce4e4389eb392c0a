import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { checkWebhookUrl, isPublicAddress } from "./public-address.js";
import { MAX_ATTEMPTS, nextAttemptAfter } from "./webhook-schedule.js";
import { newWebhookSecret, signatureHeaders } from "./webhook-signature.js";

describe("webhook signatures", () => {
  const secret = newWebhookSecret();
  const body = JSON.stringify({ id: "evt_01", object: "event", type: "document.accepted", note: "Ñandú ✓" });
  const now = Math.floor(Date.now() / 1000);

  it("verify with the standardwebhooks package, over the exact bytes sent", () => {
    const headers = signatureHeaders(secret, "evt_01", now, body);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it("fail on a tampered body, a stale timestamp or another secret", () => {
    const headers = signatureHeaders(secret, "evt_01", now, body);
    expect(() => new Webhook(secret).verify(body.replace("accepted", "rejected"), headers)).toThrow();
    const stale = signatureHeaders(secret, "evt_01", now - 3600, body);
    expect(() => new Webhook(secret).verify(body, stale)).toThrow(/timestamp/i);
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
  });

  it("makes whsec_ secrets of 24 random bytes", () => {
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(newWebhookSecret()).not.toBe(secret);
  });
});

describe("the retry schedule", () => {
  it("waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then gives up after the 8th attempt", () => {
    const at = new Date("2026-06-01T00:00:00Z");
    const waits = Array.from({ length: MAX_ATTEMPTS }, (_, i) => nextAttemptAfter(i + 1, at));
    expect(waits.map((d) => (d ? (d.getTime() - at.getTime()) / 1000 : null))).toEqual([
      5,
      300,
      1800,
      7200,
      18000,
      36000,
      36000,
      null,
    ]);
    expect(MAX_ATTEMPTS).toBe(8);
  });
});

describe("webhook addresses (SSRF)", () => {
  it.each([
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "127.0.0.1",
    "127.255.255.254",
    "0.0.0.0",
    "169.254.169.254",
    "100.64.0.1",
    "224.0.0.1",
    "255.255.255.255",
    "192.0.2.1",
    "198.51.100.7",
    "203.0.113.9",
    "198.18.0.1",
    "::",
    "::1",
    "fc00::1",
    "fd12:3456::1",
    "fe80::1",
    "ff02::1",
    "2001:db8::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:a00:1",
    "64:ff9b::a00:1",
  ])("refuses %s", (address) => expect(isPublicAddress(address)).toBe(false));

  it.each(["8.8.8.8", "1.1.1.1", "200.48.225.130", "2606:4700:4700::1111", "::ffff:8.8.8.8"])(
    "accepts %s",
    (address) => expect(isPublicAddress(address)).toBe(true),
  );

  it.each([
    ["https://127.0.0.1/hook", "public address"],
    ["https://2130706433/hook", "public address"],
    ["https://0x7f.1/hook", "public address"],
    ["https://0177.0.0.1/hook", "public address"],
    ["https://[::1]/hook", "public address"],
    ["https://[::ffff:127.0.0.1]/hook", "public address"],
    ["https://10.0.0.1:8443/hook", "public address"],
    ["https://localhost/hook", "public host"],
    ["http://example.com/hook", "https"],
    ["ftp://example.com/hook", "https"],
    ["https://user:pass@example.com/hook", "user name"],
    ["not a url", "absolute URL"],
  ])("refuses the URL %s at registration", (url, reason) => {
    const verdict = checkWebhookUrl(url, { allowInsecure: false });
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.reason).toContain(reason);
  });

  it("accepts public https URLs, and http or loopback only when local development allows it", () => {
    expect(checkWebhookUrl("https://hooks.example.com/einvoice", { allowInsecure: false }).ok).toBe(true);
    expect(checkWebhookUrl("http://127.0.0.1:3000/webhooks", { allowInsecure: true }).ok).toBe(true);
  });
});
