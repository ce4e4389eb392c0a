/**
 * The gateway's codec work between the tax service and numbering for one batch of computed documents, in process:
 * reading a ComputeDocuments answer and writing the IssueDocuments request it becomes, with the computed documents
 * decoded and re-encoded (the plain messages) against forwarded as bytes (the encoded views, lines counted for the
 * batch weight). Five-line invoices, never repeating; microseconds per document, alternating rounds. Not part of
 * the tests.
 *
 *   node --import tsx bench/passthrough.ts [--rounds 5] [--count 2000] [--batch 16]
 */
import { parseArgs } from "node:util";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { computedDocuments, issuers } from "@einvoice/contracts";
import {
  ComputeDocumentsResponseSchema,
  EncodedComputeDocumentsResponseSchema,
  EncodedIssueDocumentsRequestSchema,
  encodedLineCount,
  IssueDocumentsRequestSchema,
} from "@einvoice/proto";
import { computeDocument } from "@einvoice/tax-engine";
import { benchInvoice } from "./lib/invoice.js";

const { values: args } = parseArgs({
  options: {
    rounds: { type: "string", default: "5" },
    count: { type: "string", default: "2000" },
    batch: { type: "string", default: "16" },
  },
});
const BATCHES = Number(args.count);
const BATCH = Number(args.batch);

/** Tax's answers as they arrive on the wire, one per batch, every document different. */
const answers = Array.from({ length: BATCHES }, (_, b) =>
  toBinary(
    ComputeDocumentsResponseSchema,
    create(ComputeDocumentsResponseSchema, {
      results: Array.from({ length: BATCH }, (_, i) => {
        const computed = computeDocument(benchInvoice(b * BATCH + i), { type: "01", today: "2026-11-27" });
        if (!computed.ok) throw new Error("the bench invoice was refused by the tax engine");
        return {
          outcome: { case: "document" as const, value: computedDocuments.toMessage(computed.document) },
        };
      }),
    }),
  ),
);
const scope = { companyId: "cmp_bench", livemode: false };
const issuer = issuers.toMessage({
  ruc: "20000000001",
  legal_name: "EMPRESA DE PRUEBA SAC",
  address: { line: "AV. PRUEBA 123", establishment_code: "0000", country_code: "PE", ubigeo: "150101" },
});

let sink = 0;
const cases: [string, (answer: Uint8Array) => void][] = [
  [
    "decode and re-encode",
    (answer) => {
      const { results } = fromBinary(ComputeDocumentsResponseSchema, answer);
      const items = results.map(({ outcome }) => {
        if (outcome.case !== "document") throw new Error("unexpected");
        sink += outcome.value.lines.length;
        return { scope, issuer, computed: outcome.value, idempotencyKey: "" };
      });
      sink += toBinary(IssueDocumentsRequestSchema, create(IssueDocumentsRequestSchema, { items })).length;
    },
  ],
  [
    "forward encoded",
    (answer) => {
      const { results } = fromBinary(EncodedComputeDocumentsResponseSchema, answer);
      const items = results.map(({ outcome }) => {
        if (outcome.case !== "document") throw new Error("unexpected");
        sink += encodedLineCount(outcome.value);
        return { scope, issuer, computed: outcome.value, idempotencyKey: "" };
      });
      sink += toBinary(
        EncodedIssueDocumentsRequestSchema,
        create(EncodedIssueDocumentsRequestSchema, { items }),
      ).length;
    },
  ],
];

/** Microseconds per document over every batch, after a warm-up pass over a tenth of them. */
function time(run: (answer: Uint8Array) => void): number {
  for (let i = 0; i < BATCHES / 10; i++) run(answers[i]!);
  const start = performance.now();
  for (const answer of answers) run(answer);
  return ((performance.now() - start) * 1000) / (BATCHES * BATCH);
}

console.log(`${BATCHES} batches of ${BATCH} five-line invoices; µs per document`);
const rows = cases.map(([label]) => ({ label, us: [] as number[] }));
for (let round = 0; round < Number(args.rounds); round++) {
  for (const [i, [, run]] of cases.entries()) rows[i]!.us.push(time(run));
}
for (const { label, us } of rows)
  console.log(`${label.padEnd(24)} ${us.map((v) => v.toFixed(2)).join(" / ")}`);
const ratios = rows[0]!.us.map((old, i) => (old / rows[1]!.us[i]!).toFixed(1));
console.log(`ratio per round (decode and re-encode / forward encoded): ${ratios.join(" / ")} (${sink > 0})`);
