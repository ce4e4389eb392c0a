import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { HttpPoster } from "./adapters/http-post.js";

/** Calls made at boot: enough for V8 to optimise node's HTTP client path as sendBill drives it. */
const ROUNDS = 300;
/** Calls in flight at once, as several documents are sent together. */
const CONCURRENCY = 8;
const CALL_TIMEOUT_MS = 5_000;

/**
 * What a cold submission pays on its first calls to SUNAT and a warm one does not: node's HTTP client (request,
 * headers, keep-alive agent, response reading) runs interpreted until V8 optimises it. Paid at boot instead, with
 * the service's own `HttpPoster` posting a SOAP-sized body to a throwaway server on a loopback port of this
 * process, closed afterwards: nothing reaches SUNAT, the store or the broker. Throws if an answer does not come
 * back whole. Returns the calls made.
 */
export async function warmUpHttpClient(rounds = ROUNDS): Promise<number> {
  const answer = `<soap:Envelope>${"x".repeat(2_000)}</soap:Envelope>`;
  const server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      response.writeHead(200, { "content-type": "text/xml; charset=utf-8" });
      response.end(answer);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const poster = new HttpPoster();
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ol-ti-itcpfegem/billService`;
    const body = `<soapenv:Envelope>${"y".repeat(8_000)}</soapenv:Envelope>`;
    const headers = { "content-type": "text/xml; charset=utf-8", soapaction: "urn:sendBill" };
    let next = 0;
    const worker = async () => {
      while (next < rounds) {
        next++;
        const reply = await poster.post(url, headers, body, CALL_TIMEOUT_MS);
        if (reply.status !== 200 || reply.body !== answer)
          throw new Error(
            `the warm-up server's answer came back as ${reply.status}, ${reply.body.length} chars`,
          );
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    return rounds;
  } finally {
    poster.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
