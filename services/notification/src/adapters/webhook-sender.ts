import { lookup as dnsLookup } from "node:dns/promises";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { isPublicAddress } from "../domain/public-address.js";

export interface SendResult {
  /** The HTTP status, or null when no answer came (timeout, refused, refused address). */
  status: number | null;
  durationMs: number;
  /** The first bytes of the answer, for the delivery log. */
  bodyExcerpt: string;
  error: string | null;
}

export type Resolve = (host: string) => Promise<string[]>;

const EXCERPT_BYTES = 512;

/**
 * POSTs one webhook attempt. The host is resolved here, every address it resolves to must be public (unless local
 * development allows private ones), and the connection goes to the address that was checked, so a name that
 * resolves differently a moment later (DNS rebinding) cannot redirect it. Redirects are not followed; anything but
 * a 2xx within `timeoutMs` is a failure.
 */
export class WebhookSender {
  constructor(
    private readonly options: {
      timeoutMs: number;
      allowPrivate: boolean;
      resolve?: Resolve;
    },
  ) {}

  async send(target: string, headers: Record<string, string>, body: string): Promise<SendResult> {
    const started = performance.now();
    const failed = (error: string): SendResult => ({
      status: null,
      durationMs: Math.round(performance.now() - started),
      bodyExcerpt: "",
      error,
    });
    const url = new URL(target);
    const host = url.hostname.replace(/^\[|\]$/g, "");
    let addresses: string[];
    try {
      addresses = isIP(host) ? [host] : await (this.options.resolve ?? defaultResolve)(host);
    } catch (error) {
      return failed(`could not resolve ${host}: ${(error as Error).message}`);
    }
    if (addresses.length === 0) return failed(`${host} has no address`);
    if (!this.options.allowPrivate && !addresses.every(isPublicAddress))
      return failed(
        `${host} resolves to a private or reserved address; webhooks are sent to public addresses only`,
      );
    const address = addresses[0]!;
    const pinned: LookupFunction = (_hostname, options, callback) => {
      const family = isIP(address);
      if ((options as { all?: boolean }).all) callback(null, [{ address, family }]);
      else callback(null, address, family);
    };
    const send = url.protocol === "https:" ? httpsRequest : httpRequest;
    return new Promise<SendResult>((resolve) => {
      const req = send(
        url,
        {
          method: "POST",
          lookup: pinned,
          headers: {
            ...headers,
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
            "user-agent": "einvoice-webhooks/1",
          },
          timeout: this.options.timeoutMs,
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on("data", (chunk: Buffer) => {
            if (size < EXCERPT_BYTES) chunks.push(chunk);
            size += chunk.length;
          });
          res.on("end", () => {
            const status = res.statusCode ?? 0;
            resolve({
              status,
              durationMs: Math.round(performance.now() - started),
              bodyExcerpt: Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString("utf8"),
              error:
                status >= 200 && status < 300
                  ? null
                  : status >= 300 && status < 400
                    ? `answered ${status} (redirects are not followed)`
                    : `answered ${status}`,
            });
          });
          res.on("error", (error) => resolve(failed(error.message)));
        },
      );
      const deadline = setTimeout(
        () => req.destroy(new Error(`no answer within ${this.options.timeoutMs} ms`)),
        this.options.timeoutMs,
      );
      req.on("error", (error) => resolve(failed(error.message)));
      req.on("close", () => clearTimeout(deadline));
      req.end(body);
    });
  }
}

async function defaultResolve(host: string): Promise<string[]> {
  return (await dnsLookup(host, { all: true, verbatim: true })).map((a) => a.address);
}
