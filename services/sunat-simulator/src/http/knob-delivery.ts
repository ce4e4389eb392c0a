import type http from "node:http";
import type { Logger } from "@einvoice/platform";
import type { KnobResolver, RequestSubject, ResolvedKnobs } from "../domain/index.js";
import { type HttpReply, textReply, write } from "./http-io.js";

/** An HTML error page like the ones SUNAT's front-end serves when the service behind it is down. */
const UNAVAILABLE_PAGE =
  "<html><head><title>503 Service Unavailable</title></head><body><h1>Service Unavailable</h1>" +
  "<p>The server is temporarily unable to service your request.</p></body></html>";

export interface Delivery {
  resolver: KnobResolver;
  sleep: (ms: number) => Promise<void>;
  logger: Logger;
}

/**
 * Runs one simulated-SUNAT request under its knobs:
 * - the calls are counted first (`count`), whatever happens next;
 * - `http_5xx`: after the latency, HTTP 503 with an HTML body; nothing is processed;
 * - `timeout`: nothing is processed and nothing is ever written; the request stays open until the client
 *   gives up (or the server closes);
 * - `lost_reply`: processed (and registered) normally, then the socket is destroyed without an answer;
 * - otherwise processed, then answered after the latency. Processing comes before the delay, so a client
 *   whose own timeout is shorter than the latency finds the document registered afterwards, like a
 *   slow SUNAT that finished its work.
 * A malformed `x-sim-knobs` header is answered 400 and nothing else happens.
 */
export async function deliver(
  delivery: Delivery,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  subject: RequestSubject,
  count: () => Promise<unknown>,
  produce: (resolved: ResolvedKnobs) => Promise<HttpReply>,
): Promise<void> {
  const header = req.headers["x-sim-knobs"];
  const resolution = delivery.resolver.resolve(Array.isArray(header) ? header.join(";") : header, subject);
  if (!resolution.ok) return write(res, textReply(400, resolution.error));
  const { resolved } = resolution;
  await count();
  const latency = resolved.knobs.latency_ms ?? 0;
  if (resolved.fate !== "answer") {
    delivery.logger.info(
      {
        fate: resolved.fate,
        operation: subject.operation,
        identity: subject.identity,
        scenario: resolved.scenarioId,
      },
      "simulated failure",
    );
  }
  switch (resolved.fate) {
    case "http_5xx":
      await delivery.sleep(latency);
      return write(res, { status: 503, contentType: "text/html", body: UNAVAILABLE_PAGE });
    case "timeout":
      await new Promise<void>((resolve) => {
        if (res.socket?.destroyed ?? true) return resolve();
        res.socket?.once("close", () => resolve());
      });
      return;
    case "lost_reply":
      await produce(resolved);
      await delivery.sleep(latency);
      res.socket?.destroy();
      return;
    case "answer": {
      const reply = await produce(resolved);
      await delivery.sleep(latency);
      return write(res, reply);
    }
  }
}
