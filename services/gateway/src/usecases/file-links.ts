import { createHmac, timingSafeEqual } from "node:crypto";
import type { Scope } from "@einvoice/domain";

/** The query parameters a signed file link carries besides its path. */
export interface SignedLinkQuery {
  company?: string | undefined;
  mode?: string | undefined;
  expires?: string | undefined;
  signature?: string | undefined;
}

export type LinkVerdict =
  | { ok: true; scope: Scope }
  | { ok: false; reason: "malformed" | "expired" | "forged"; expiredAt?: Date };

/** The path of a file: `/v1/files/<document>/<kind>` with its two parts. */
export interface FilePath {
  documentId: string;
  kind: string;
}

/**
 * Signed, expiring file links. A customer opening a PDF from an email or a browser cannot send a Bearer key, so
 * every link the API presents carries the owner's company and mode, an expiry (Unix seconds) and an HMAC-SHA256 of
 * those with the path, under a server secret. Expiries are rounded up to the hour so a document read twice in
 * that hour presents the same links (caches and ETags on the caller's side stay useful).
 */
export class FileLinks {
  constructor(
    private readonly options: {
      secret: Buffer;
      /** How long a presented link stays valid, in seconds. */
      ttlSeconds: number;
      clock?: () => number;
    },
  ) {}

  /** Adds the signature to a file link under `/v1/files/…`; any other URL is returned as it is. */
  sign(link: string, scope: Scope): string {
    const url = new URL(link);
    const path = filePathOf(url.pathname);
    if (!path) return link;
    const now = Math.floor(this.now() / 1000);
    const expires = Math.ceil((now + this.options.ttlSeconds) / 3600) * 3600;
    const query = {
      company: scope.companyId,
      mode: scope.livemode ? "live" : "test",
      expires: String(expires),
    };
    url.search = new URLSearchParams({ ...query, signature: this.mac(path, query) }).toString();
    return url.toString();
  }

  /** Whether the query signs this path; the scope it grants when it does. */
  verify(path: FilePath, query: SignedLinkQuery): LinkVerdict {
    const { company, mode, expires, signature } = query;
    if (
      !company ||
      (mode !== "live" && mode !== "test") ||
      !expires ||
      !/^\d{1,12}$/.test(expires) ||
      !signature
    )
      return { ok: false, reason: "malformed" };
    const expected = Buffer.from(this.mac(path, { company, mode, expires }));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return { ok: false, reason: "forged" };
    // Checked after the signature, so an expiry is only reported for links this server made.
    if (Number(expires) * 1000 <= this.now())
      return { ok: false, reason: "expired", expiredAt: new Date(Number(expires) * 1000) };
    return { ok: true, scope: { companyId: company, livemode: mode === "live" } };
  }

  private mac(path: FilePath, query: { company: string; mode: string; expires: string }): string {
    return createHmac("sha256", this.options.secret)
      .update(
        ["file-link-v1", path.documentId, path.kind, query.company, query.mode, query.expires].join("\n"),
      )
      .digest("base64url");
  }

  private now(): number {
    return (this.options.clock ?? Date.now)();
  }
}

/** `/v1/files/<document>/<kind>` → its parts; null for any other path. */
export function filePathOf(pathname: string): FilePath | null {
  const match = /^\/v1\/files\/([^/]+)\/([^/]+)$/.exec(pathname);
  return match ? { documentId: decodeURIComponent(match[1]!), kind: decodeURIComponent(match[2]!) } : null;
}
