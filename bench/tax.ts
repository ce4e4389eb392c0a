import { parseArgs } from "node:util";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { createClient, createRouterTransport } from "@connectrpc/connect";
import { computedDocuments, invoiceRequests } from "@einvoice/contracts";
import {
  ComputeDocumentRequestSchema,
  ComputeDocumentResponseSchema,
  ComputedDocumentSchema,
  TaxService,
} from "@einvoice/proto";
import { computeDocument } from "@einvoice/tax-engine";
import { invoiceRequestMessage } from "../services/gateway/src/usecases/invoice-request-message.js";
import { taxRoutes } from "../services/tax/src/rpc/tax-routes.js";
import { benchInvoice } from "./lib/invoice.js";

/**
 * The tax path of one created five-line invoice, in process, step by step: what the gateway makes of the body
 * (the request message and its binary), what the tax service makes of it (decode, domain request, engine,
 * response message, binary) and the gateway's decode of the answer; then the whole ComputeDocument handler
 * through Connect's in-memory router transport (the handler's work without HTTP/2). Not part of the tests.
 *
 *   node --import tsx bench/tax.ts [--seconds 2]
 */
const { values: args } = parseArgs({ options: { seconds: { type: "string", default: "2" } } });
const SECONDS = Number(args.seconds);

/** CPU ms per operation over `seconds` after a warm-up (process.cpuUsage, so GC threads count too). */
function measure(label: string, work: () => unknown): number {
  const warmUntil = performance.now() + 500;
  while (performance.now() < warmUntil) work();
  let runs = 0;
  const cpuStart = process.cpuUsage();
  const until = performance.now() + SECONDS * 1000;
  while (performance.now() < until) {
    work();
    runs++;
  }
  const cpu = process.cpuUsage(cpuStart);
  const ms = (cpu.user + cpu.system) / 1000 / runs;
  console.log(`${label.padEnd(40)} ${ms.toFixed(4)} ms CPU  (${runs} runs)`);
  return ms;
}

async function measureAsync(label: string, work: () => Promise<unknown>): Promise<number> {
  const warmUntil = performance.now() + 500;
  while (performance.now() < warmUntil) await work();
  let runs = 0;
  const cpuStart = process.cpuUsage();
  const until = performance.now() + SECONDS * 1000;
  while (performance.now() < until) {
    await work();
    runs++;
  }
  const cpu = process.cpuUsage(cpuStart);
  const ms = (cpu.user + cpu.system) / 1000 / runs;
  console.log(`${label.padEnd(40)} ${ms.toFixed(4)} ms CPU  (${runs} runs)`);
  return ms;
}

const body = benchInvoice(1);
const today = new Date().toISOString().slice(0, 10);
const requestMessage = invoiceRequestMessage(body);
const requestOf = () => create(ComputeDocumentRequestSchema, { type: "01", request: requestMessage });
const requestBytes = toBinary(ComputeDocumentRequestSchema, requestOf());
const domainRequest = invoiceRequests.fromMessage(requestMessage);
const result = computeDocument(domainRequest, { type: "01", today });
if (!result.ok) throw new Error(`the engine refuses the benchmark invoice: ${JSON.stringify(result.errors)}`);
const computed = computedDocuments.toMessage(result.document);
const responseOf = () => create(ComputeDocumentResponseSchema, { document: computed });
const responseBytes = toBinary(ComputeDocumentResponseSchema, responseOf());

console.log(`request ${requestBytes.length} bytes, response ${responseBytes.length} bytes`);
measure("gateway: body → request message", () => invoiceRequestMessage(body));
measure("gateway: request → binary", () => toBinary(ComputeDocumentRequestSchema, requestOf()));
measure("tax: binary → request", () => fromBinary(ComputeDocumentRequestSchema, requestBytes));
measure("tax: request message → domain", () => invoiceRequests.fromMessage(requestMessage));
measure("tax: engine", () => computeDocument(domainRequest, { type: "01", today }));
measure("tax: domain → computed message", () => computedDocuments.toMessage(result.document));
measure("tax: response → binary", () => toBinary(ComputeDocumentResponseSchema, responseOf()));
measure("gateway: binary → response", () => fromBinary(ComputeDocumentResponseSchema, responseBytes));
measure("(computed message → binary alone)", () => toBinary(ComputedDocumentSchema, computed));

const client = createClient(TaxService, createRouterTransport(taxRoutes()));
await measureAsync("whole handler, in-memory transport", () =>
  client.computeDocument({ type: "01", request: requestMessage }),
);
