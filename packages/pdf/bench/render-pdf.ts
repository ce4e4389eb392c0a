/**
 * PDF rendering throughput: `node --import tsx bench/render-pdf.ts` (from packages/pdf). One thread; per case a
 * warm-up, then five rounds of about one second over 40 different documents of the same shape (different
 * numbers, descriptions and amounts, so the shaped-word cache sees what a service sees); prints the median
 * round, as wall time and as CPU time (steadier on a shared machine). Not part of the tests.
 * `--json <file>` also writes the rows (ms per PDF, CPU ms per PDF, pages), which `npm run bench` reads;
 * `--rounds` and `--round-ms` shorten a quick run.
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";

import { loadPdfFonts } from "../src/fonts.js";
import type { PdfDocumentInput, PdfFormat } from "../src/input.js";
import { renderDocumentPdf } from "../src/render-document-pdf.js";
import { CONSULT_URL, compute, HASH, ISSUER, manyItems } from "../test-support/documents.js";

const { values: args } = parseArgs({
  options: {
    json: { type: "string" },
    rounds: { type: "string", default: "5" },
    "round-ms": { type: "string", default: "1000" },
  },
});
const ROUNDS = Number(args.rounds);
const ROUND_MS = Number(args["round-ms"]);
const rows: { case: string; pages: number; ms: number; cpu_ms: number; kb: number }[] = [];

const VARIANTS = 40;

function inputs(lines: number): PdfDocumentInput[] {
  return Array.from({ length: VARIANTS }, (_, v) => {
    const computed = compute("01", {
      series: "F001",
      customer: {
        document_type: "6",
        document_number: "20600000005",
        name: "CONSTRUCTORA PEÑA & ÁLVAREZ E.I.R.L.",
      },
      items: manyItems(lines, v),
    });
    return { issuer: ISSUER, computed, number: 1000 + v, hash: HASH, consult_url: CONSULT_URL };
  });
}

const pageCount = (pdf: Buffer) => (pdf.toString("latin1").match(/\/Type \/Page\b/g) ?? []).length;

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

async function measure(label: string, docs: PdfDocumentInput[], format: PdfFormat, shareFonts: boolean) {
  const fonts = loadPdfFonts();
  let next = 0;
  const render = () => {
    const doc = docs[next++ % docs.length] as PdfDocumentInput;
    return renderDocumentPdf(doc, shareFonts ? { format, fonts } : { format });
  };
  const sample = await render();
  const pages = pageCount(sample);
  for (let i = 0; i < 2 * VARIANTS; i++) await render();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    let n = 0;
    while (performance.now() - start < ROUND_MS) {
      await render();
      n++;
    }
    const used = process.cpuUsage(cpuStart);
    wall.push((performance.now() - start) / n);
    cpu.push((used.user + used.system) / 1000 / n);
  }
  const ms = median(wall);
  const row = [
    label.padEnd(34),
    String(pages).padStart(5),
    ms.toFixed(2).padStart(6),
    median(cpu).toFixed(2).padStart(6),
    (ms / pages).toFixed(2).padStart(7),
    (1000 / ms).toFixed(0).padStart(6),
    (sample.length / 1024).toFixed(1).padStart(5),
  ];
  console.log(`| ${row.join(" | ")} |`);
  rows.push({ case: label, pages, ms, cpu_ms: median(cpu), kb: sample.length / 1024 });
}

console.log(`node ${process.version}, ${ROUNDS} rounds of ${ROUND_MS} ms, median`);
console.log("| case                               | pages | ms/PDF | CPU ms | ms/page | PDFs/s |    KB |");
console.log("| ---------------------------------- | ----: | -----: | -----: | ------: | -----: | ----: |");
const five = inputs(5);
const sixty = inputs(60);
await measure("5 lines, A4", five, "a4", true);
await measure("5 lines, ticket", five, "ticket", true);
await measure("60 lines, A4", sixty, "a4", true);
await measure("60 lines, ticket", sixty, "ticket", true);
await measure("5 lines, A4, fonts loaded per PDF", five, "a4", false);
if (args.json) writeFileSync(args.json, `${JSON.stringify({ rows }, null, 2)}\n`);
