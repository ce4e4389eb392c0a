import {
  Agent as HttpAgent,
  request as httpRequest,
  type IncomingMessage,
  type RequestOptions,
} from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { urlToHttpOptions } from "node:url";

/** An endpoint's parsed URL as request options, with the agent that keeps its sockets. */
interface Target {
  secure: boolean;
  options: RequestOptions;
}

/** Endpoints whose parsed options are kept (a handful in practice: SUNAT's services per mode). */
const MAX_TARGETS = 64;

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
 * exchange of a few kilobytes itself, once per document sent. The rules callers rely on stay those of fetch: the
 * timeout covers the whole exchange, body included, and rejects with a `TimeoutError` (as fetch's signal does); a
 * socket error rejects with the error itself, whose `code` (ECONNREFUSED, ECONNRESET…) tells whether the request
 * can have been sent.
 */
export class HttpPoster {
  private readonly http: HttpAgent;
  private readonly https: HttpsAgent;
  private readonly targets = new Map<string, Target>();

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
    let target: Target;
    try {
      target = this.target(url);
    } catch (error) {
      return Promise.reject(error);
    }
    const payload = Buffer.from(body, "utf8");
    return new Promise<PostAnswer>((resolve, reject) => {
      const options = {
        ...target.options,
        method: "POST",
        headers: { ...headers, "content-length": String(payload.length) },
      };
      const onAnswer = (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          clearTimeout(timer);
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") });
        });
        // A connection lost before the end of the body: an Error("aborted") with code ECONNRESET.
        response.on("error", fail);
      };
      const call = target.secure ? httpsRequest(options, onAnswer) : httpRequest(options, onAnswer);
      function fail(error: unknown) {
        clearTimeout(timer);
        reject(error);
      }
      // A plain timer, not AbortSignal.timeout: that one costs an AbortSignal, a listener and a weak reference
      // per call. It rejects as fetch does: with the timeout itself, not the socket error destroying causes.
      const timer = setTimeout(() => {
        reject(new DOMException("The operation was aborted due to timeout", "TimeoutError"));
        call.destroy();
      }, timeoutMs);
      // The request's socket keeps the process alive while it is open; the timer alone must not.
      timer.unref();
      call.on("error", fail);
      call.end(payload);
    });
  }

  /** The request options of an endpoint, parsed once: the client posts to the same few URLs all its life. */
  private target(url: string): Target {
    let target = this.targets.get(url);
    if (target) return target;
    const parsed = new URL(url);
    const secure = parsed.protocol === "https:";
    if (!secure && parsed.protocol !== "http:")
      throw new TypeError(`unsupported URL scheme ${parsed.protocol}`);
    target = {
      secure,
      options: {
        ...urlToHttpOptions(parsed),
        agent: secure ? this.https : this.http,
      },
    };
    if (this.targets.size >= MAX_TARGETS) this.targets.clear();
    this.targets.set(url, target);
    return target;
  }

  /** Closes the idle sockets (tests; the service keeps them for its lifetime). */
  close(): void {
    this.http.destroy();
    this.https.destroy();
  }
}
