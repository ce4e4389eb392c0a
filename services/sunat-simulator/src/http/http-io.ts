import type http from "node:http";
import { buildSoapFault } from "@einvoice/sunat";

/** An answer ready to be written (or withheld, when a knob says the reply is lost). */
export interface HttpReply {
  status: number;
  contentType: string;
  body: string;
}

/** Largest request accepted, in bytes (SUNAT's own limit for a zipped document is a few MB). */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

export class BodyTooLargeError extends Error {
  override readonly name = "BodyTooLargeError";
}

export async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new BodyTooLargeError(`request body over ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export const jsonReply = (status: number, body: unknown): HttpReply => ({
  status,
  contentType: "application/json",
  body: JSON.stringify(body),
});

export const xmlReply = (body: string, status = 200): HttpReply => ({
  status,
  contentType: "text/xml; charset=utf-8",
  body,
});

/** A SOAP fault as SUNAT sends it: HTTP 500 with the code in `faultcode`. */
export const faultReply = (code: string | undefined, message?: string): HttpReply =>
  xmlReply(buildSoapFault(code, message), 500);

export const textReply = (status: number, body: string): HttpReply => ({
  status,
  contentType: "text/plain; charset=utf-8",
  body,
});

export function write(res: http.ServerResponse, reply: HttpReply): void {
  res.writeHead(reply.status, { "content-type": reply.contentType });
  res.end(reply.body);
}

/** The first 11 characters of a SOL username (`20000000001MODDATOS`): the caller's RUC. */
export const senderRuc = (username: string): string => username.slice(0, 11);
