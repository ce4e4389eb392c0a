/**
 * Canonical JSON ⇄ message conversions in process: protobuf-es's `toJson`/`fromJson` against the contracts' codec
 * (`packages/contracts/src/json-codec.ts`) on a five-line computed invoice, and `computedDocuments.toMessage` /
 * `fromMessage` as the gateway and numbering call them. Microseconds per conversion, alternating rounds. Not part of
 * the tests.
 *
 *   node --import tsx bench/codec.ts [--rounds 3] [--count 20000]
 */
import { parseArgs } from "node:util";
import { fromJson, toJson } from "@bufbuild/protobuf";
import { computedDocuments, JsonCodec } from "@einvoice/contracts";
import { ComputedDocumentSchema } from "@einvoice/proto";
import { computeDocument } from "@einvoice/tax-engine";
import { benchInvoice } from "./lib/invoice.js";

const { values: args } = parseArgs({
  options: { rounds: { type: "string", default: "3" }, count: { type: "string", default: "20000" } },
});
const COUNT = Number(args.count);

const computed = computeDocument(benchInvoice(0), { type: "01", today: "2026-11-27" });
if (!computed.ok) throw new Error("the bench invoice was refused by the tax engine");
const message = computedDocuments.toMessage(computed.document);
const CANONICAL = { useProtoFieldName: true, alwaysEmitImplicit: true } as const;
const json = toJson(ComputedDocumentSchema, message, CANONICAL);
const codec = new JsonCodec(ComputedDocumentSchema);

/** Microseconds per call, after a warm-up of a tenth of the count. */
function time(run: () => unknown): number {
  for (let i = 0; i < COUNT / 10; i++) run();
  const start = performance.now();
  for (let i = 0; i < COUNT; i++) run();
  return ((performance.now() - start) * 1000) / COUNT;
}

const cases: [string, () => unknown][] = [
  ["toJson, protobuf-es", () => toJson(ComputedDocumentSchema, message, CANONICAL)],
  ["toJson, the codec", () => codec.toJson(message)],
  ["fromJson, protobuf-es", () => fromJson(ComputedDocumentSchema, json)],
  ["fromJson, the codec", () => codec.fromJson(json)],
  ["computedDocuments.toMessage", () => computedDocuments.toMessage(computed.document)],
  ["computedDocuments.fromMessage", () => computedDocuments.fromMessage(message)],
];

console.log(
  `five-line ComputedDocument, ${JSON.stringify(json).length} bytes of canonical JSON; µs per call`,
);
const rows = cases.map(([label]) => ({ label, us: [] as number[] }));
for (let round = 0; round < Number(args.rounds); round++) {
  for (const [i, [, run]] of cases.entries()) rows[i]!.us.push(time(run));
}
for (const { label, us } of rows)
  console.log(`${label.padEnd(32)} ${us.map((v) => v.toFixed(2)).join(" / ")}`);
