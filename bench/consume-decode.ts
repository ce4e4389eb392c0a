/**
 * A received documents.issued as signing takes it, in process: its JSON decoded and its issuer and computed document
 * made domain values, checked tolerant then strict after converting the parts back ("twice"), against checked
 * strict once with the parts taken as they came ("once"). Microseconds of CPU per message, alternating rounds. Not
 * part of the tests.
 *
 *   node --import tsx bench/consume-decode.ts [--rounds 5] [--count 5000]
 */
import { parseArgs } from "node:util";
import { sampleIssued, subjects } from "@einvoice/broker";
import { computedDocuments, issuers, receivedPart } from "@einvoice/contracts";

const { values: args } = parseArgs({
  options: { rounds: { type: "string", default: "5" }, count: { type: "string", default: "5000" } },
});
const COUNT = Number(args.count);
const payload = subjects.documentIssued.payload;
const texts = Array.from({ length: 64 }, (_, i) => JSON.stringify(payload.encode(sampleIssued(i))));

const cases: [string, (text: string) => unknown][] = [
  [
    "twice",
    (text) => {
      const message = payload.contract.fromJson(JSON.parse(text), "tolerant");
      return [
        issuers.fromMessage(message.issuer, "issuer"),
        computedDocuments.fromMessage(message.computed, "computed"),
      ];
    },
  ],
  [
    "once",
    (text) => {
      const json: unknown = JSON.parse(text);
      const { payload: message, strict } = payload.decodeReceived(json);
      return [
        issuers.fromMessage(message.issuer, "issuer", receivedPart({ json, strict }, "issuer")),
        computedDocuments.fromMessage(
          message.computed,
          "computed",
          receivedPart({ json, strict }, "computed"),
        ),
      ];
    },
  ],
];

function time(run: (text: string) => unknown): number {
  for (let i = 0; i < COUNT / 5; i++) run(texts[i % texts.length]!);
  const start = process.cpuUsage();
  for (let i = 0; i < COUNT; i++) run(texts[i % texts.length]!);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / COUNT;
}

console.log(
  `five-line documents.issued, ${texts[0]!.length} bytes; µs of CPU per message (JSON.parse included)`,
);
const rows = cases.map(([label]) => ({ label, us: [] as number[] }));
for (let round = 0; round < Number(args.rounds); round++) {
  for (const [i, [, run]] of cases.entries()) rows[i]!.us.push(time(run));
}
for (const { label, us } of rows)
  console.log(`${label.padEnd(8)} ${us.map((v) => v.toFixed(1)).join(" / ")}`);
