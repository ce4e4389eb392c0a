import { BlockList, isIP } from "node:net";

/**
 * Addresses a webhook may never reach (SSRF): private, loopback, link-local, CGNAT, multicast, unspecified,
 * broadcast, benchmarking, documentation and reserved ranges, IPv6 ULA, link-local, multicast, NAT64/6to4 forms of
 * them, and IPv4-mapped IPv6 (checked as the IPv4 inside).
 */
const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  BLOCKED.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const)
  BLOCKED.addSubnet(net, prefix, "ipv6");

/** True when `address` (an IP literal) is one a webhook may be sent to. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !BLOCKED.check(address, "ipv4");
  if (family !== 6) return false;
  const mapped =
    /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address) ??
    /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (mapped) {
    const v4 =
      mapped.length === 2
        ? mapped[1]!
        : [mapped[1]!, mapped[2]!]
            .flatMap((h) => {
              const n = Number.parseInt(h, 16);
              return [n >> 8, n & 255];
            })
            .join(".");
    return isPublicAddress(v4);
  }
  return !BLOCKED.check(address, "ipv6");
}

export type UrlVerdict = { ok: true; url: URL } | { ok: false; reason: string };

/**
 * Whether `text` may be registered as a webhook URL: https (http only when `allowInsecure`), no credentials, and a
 * host that is not an IP literal of a blocked range (names are checked again at every connection, once resolved).
 * Decimal, octal and hex IPv4 spellings are normalized by the URL parser first, so `http://2130706433/` is seen as
 * 127.0.0.1.
 */
export function checkWebhookUrl(text: string, options: { allowInsecure: boolean }): UrlVerdict {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: "url must be an absolute URL, like https://example.com/webhooks." };
  }
  if (url.protocol !== "https:" && !(options.allowInsecure && url.protocol === "http:"))
    return { ok: false, reason: "url must use https." };
  if (url.username || url.password)
    return { ok: false, reason: "url must not carry a user name or password." };
  if (text.length > 2048) return { ok: false, reason: "url must be at most 2048 characters." };
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) && !isPublicAddress(host) && !options.allowInsecure)
    return {
      ok: false,
      reason: "url must point to a public address, not a private, loopback or reserved one.",
    };
  if (!isIP(host) && !options.allowInsecure && /(^|\.)(localhost|local|internal)$/i.test(host))
    return { ok: false, reason: "url must point to a public host." };
  return { ok: true, url };
}
