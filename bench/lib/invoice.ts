import * as http from "node:http";
import * as https from "node:https";

/** The benchmark's document: a five-line invoice (the size the issue and floor.md measure), different each time. */
export const benchInvoice = (i: number) => ({
  series: "F001",
  customer: { document_type: "6", document_number: "20100070970", name: "CLIENTE BENCH SAC" },
  items: Array.from({ length: 5 }, (_, line) => ({
    description: `Artículo ${line + 1} del pedido ${i}`,
    quantity: String(1 + line),
    unit_price: `${10 + line}.50`,
  })),
});

export interface CreateOutcome {
  id?: string;
  status: number;
  error?: string;
}

/**
 * Keep-alive connections for the creates. The load generator shares the two cores with the system it measures, so
 * its own cost per request comes off the system's throughput: `node:http` with a keep-alive agent costs a fraction of
 * the CPU of global `fetch` (undici) per create.
 * Free sockets are unref'd by the agent, so they never keep the process alive.
 */
const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };

/** POST /v1/invoices as a client does; never throws (a refused connection is a failure of the run). */
export function createInvoice(
  baseUrl: string,
  key: string,
  i: number,
  wait: boolean,
): Promise<CreateOutcome> {
  const body = JSON.stringify(benchInvoice(i));
  return new Promise((resolve) => {
    const url = new URL("/v1/invoices", baseUrl);
    const tls = url.protocol === "https:";
    const req = (tls ? https.request : http.request)(
      url,
      {
        method: "POST",
        agent: tls ? agents.https : agents.http,
        headers: {
          authorization: `Bearer ${key}`,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          ...(wait ? { prefer: "wait=10" } : {}),
        },
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on("data", (part: Buffer) => parts.push(part));
        res.on("error", (error) => resolve({ status: 0, error: error.message }));
        res.on("end", () => {
          const status = res.statusCode ?? 0;
          try {
            const answer = JSON.parse(Buffer.concat(parts).toString("utf8")) as {
              id?: string;
              error?: { code?: string };
            };
            resolve(answer.id ? { id: answer.id, status } : { status, error: answer.error?.code });
          } catch {
            resolve({ status, error: "not JSON" });
          }
        });
      },
    );
    req.on("error", (error) => resolve({ status: 0, error: error.message }));
    req.end(body);
  });
}

/** A ticket request's answer: the HTTP status (0 when the connection failed) and `Retry-After` in seconds, if sent. */
export interface TicketAnswer {
  status: number;
  retryAfterSeconds?: number;
}

/**
 * GET a document's 80 mm ticket as a point of sale does (the first request has it made) and read it whole. Never
 * throws.
 */
export function fetchTicket(baseUrl: string, key: string, documentId: string): Promise<TicketAnswer> {
  return new Promise((resolve) => {
    const url = new URL(`/v1/files/${documentId}/pdf?format=ticket`, baseUrl);
    const tls = url.protocol === "https:";
    const req = (tls ? https.request : http.request)(
      url,
      { agent: tls ? agents.https : agents.http, headers: { authorization: `Bearer ${key}` } },
      (res) => {
        const retryAfter = Number(res.headers["retry-after"]);
        const answer: TicketAnswer = {
          status: res.statusCode ?? 0,
          ...(Number.isFinite(retryAfter) && retryAfter >= 0 ? { retryAfterSeconds: retryAfter } : {}),
        };
        res.on("data", () => {});
        res.on("error", () => resolve({ status: 0 }));
        res.on("end", () => resolve(answer));
      },
    );
    req.on("error", () => resolve({ status: 0 }));
    req.end();
  });
}
