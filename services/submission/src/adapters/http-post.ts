import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";

export interface PostAnswer {
  status: number;
  /** The body decoded as UTF-8. */
  body: string;
}

/**
 * POSTs a text body and reads the whole answer, over node:http with keep-alive agents (one per client, so its
 * sockets are reused call after call).
 *
 * Not `fetch`: its WHATWG layers (Request, Headers, web streams, the body mixin) cost more CPU than the SOAP
 * exchange of a few kilobytes itself, once per document sent. The rules callers rely on stay those of
 * fetch: the timeout covers the whole exchange, body included, and rejects with the signal's `TimeoutError`; a
 * socket error rejects with the error itself, whose `code` (ECONNREFUSED, ECONNRESET…) tells whether the request
 * can have been sent.
 */
export class HttpPoster {
  private readonly http: HttpAgent;
  private readonly https: HttpsAgent;

  /**
   * @param idleSocketMs How long an idle kept-alive socket is kept, in ms (default 4,000). Below the 5 s a Node or
   *   nginx server keeps an idle connection: a socket reused just as the server closes it fails the call with
   *   ECONNRESET, which for sendBill means "may have been sent" and costs the document a retry and a status query.
   *   A call in progress is not limited by it.
   */
  constructor({ idleSocketMs = 4_000 }: { idleSocketMs?: number } = {}) {
    this.http = new HttpAgent({ keepAlive: true, timeout: idleSocketMs });
    this.https = new HttpsAgent({ keepAlive: true, timeout: idleSocketMs });
  }

  post(url: string, headers: Record<string, string>, body: string, timeoutMs: number): Promise<PostAnswer> {
    const target = new URL(url);
    const secure = target.protocol === "https:";
    if (!secure && target.protocol !== "http:") {
      return Promise.reject(new TypeError(`unsupported URL scheme ${target.protocol}`));
    }
    const payload = Buffer.from(body, "utf8");
    const signal = AbortSignal.timeout(timeoutMs);
    return new Promise<PostAnswer>((resolve, reject) => {
      const options = {
        method: "POST",
        agent: secure ? this.https : this.http,
        headers: { ...headers, "content-length": String(payload.length) },
      };
      const onAnswer = (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          signal.removeEventListener("abort", onAbort);
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") });
        });
        // A connection lost before the end of the body: an Error("aborted") with code ECONNRESET.
        response.on("error", fail);
      };
      const call = secure ? httpsRequest(target, options, onAnswer) : httpRequest(target, options, onAnswer);
      function fail(error: unknown) {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      }
      function onAbort() {
        // As fetch: the timeout itself, not the socket error that destroying the request causes.
        reject(signal.reason);
        call.destroy();
      }
      signal.addEventListener("abort", onAbort, { once: true });
      call.on("error", fail);
      call.end(payload);
    });
  }

  /** Closes the idle sockets (tests; the service keeps them for its lifetime). */
  close(): void {
    this.http.destroy();
    this.https.destroy();
  }
}
