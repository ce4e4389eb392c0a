/**
 * The verdict's write on one stored invoice, in process on `:memory:` SQLite: each transaction reads the document
 * and writes the verdict's fields the former way ("old": the record rewritten whole) or today's ("new": the fields
 * set inside it), sides alternating per round, CPU per transaction from `process.cpuUsage()`.
 *   node --import tsx bench/verdict-write.ts [lines 1] [transactions per round 2000] [rounds 8]
 */
import { loadavg } from "node:os";
import { openStore } from "@einvoice/store";
import { computeDocument } from "@einvoice/tax-engine";
import {
  DocumentRepository,
  documentsCollection,
} from "../services/numbering/src/adapters/document-repository.js";
import { outboxCollection } from "../services/numbering/src/adapters/outbox.js";
import { IssueDocument } from "../services/numbering/src/usecases/issue-document.js";
import { IssueQueue } from "../services/numbering/src/usecases/issue-queue.js";
import { issuer, scope } from "../services/numbering/test-support/issue-fixtures.js";

const lines = Number(process.argv[2] ?? "1");
const perRound = Number(process.argv[3] ?? "2000");
const rounds = Number(process.argv[4] ?? "8");
const result = computeDocument(
  {
    series: "F001",
    customer: { document_type: "6", document_number: "20100070970", name: "CLIENTE SAC" },
    items: Array.from({ length: lines }, (_, i) => ({
      description: `Widget ${i}`,
      quantity: 1,
      unit_price: "100.00",
    })),
  },
  { type: "01", today: "2026-11-23" },
);
if (!result.ok) throw new Error("refused");
const store = await openStore({ engine: "sqlite", file: ":memory:" });
await store.ensure([documentsCollection, outboxCollection]);
const id = (
  await new IssueDocument(new IssueQueue(store, () => undefined), "http://files").execute({
    scope,
    issuer,
    computed: result.document,
  })
).id;
const sunat = {
  code: "0",
  description: "La Factura numero F001-1, ha sido aceptada",
  notes: [],
  simulated: true,
};
// The status stays pending so that every round can write again. Both sides write the same verdict fields.
const verdictFields = () => ({
  status: "pending" as const,
  sunat,
  status_details: null,
  hash: "ZGlnZXN0",
  updated_at: new Date().toISOString(),
});
const sides = {
  old: async (repository: DocumentRepository, current: { files: object }, i: number) =>
    (await repository.update(
      scope,
      id,
      { status: "pending" },
      {
        ...verdictFields(),
        files: { ...current.files, xml: `xml/${id}.xml`, cdr: `cdr/${i}.zip` } as never,
      },
    )) !== null,
  new: (repository: DocumentRepository, _current: object, i: number) =>
    repository.setFields(
      scope,
      id,
      { status: "pending" },
      { ...verdictFields(), "files.xml": `xml/${id}.xml`, "files.cdr": `cdr/${i}.zip` },
    ),
};
const size = JSON.stringify(await new DocumentRepository(store).findById(scope, id)).length;
console.log(
  `lines ${lines}, document ${size} bytes, ${perRound} per side per round, load ${loadavg()[0]!.toFixed(2)}`,
);
const ratios: number[] = [];
// Round 0 warms both sides up and is not reported.
for (let round = 0; round <= rounds; round++) {
  const order = round % 2 ? (["old", "new"] as const) : (["new", "old"] as const);
  const cpu: Record<string, number> = {};
  for (const side of order) {
    const before = process.cpuUsage();
    for (let i = 0; i < perRound; i++)
      await store.transaction(async (tx) => {
        const repository = new DocumentRepository(tx);
        const current = (await repository.findById(scope, id))!;
        if (!(await sides[side](repository, current, i))) throw new Error("not written");
      });
    const used = process.cpuUsage(before);
    cpu[side] = (used.user + used.system) / perRound;
  }
  if (round === 0) continue;
  ratios.push(cpu.old! / cpu.new!);
  console.log(
    `round ${round} (load ${loadavg()[0]!.toFixed(2)}, ${order[0]} first): old ${cpu.old!.toFixed(1)} µs, new ${cpu.new!.toFixed(1)} µs CPU per read + write transaction, old/new ${(cpu.old! / cpu.new!).toFixed(2)}`,
  );
}
ratios.sort((a, b) => a - b);
console.log(`median old/new ${ratios[Math.floor(ratios.length / 2)]!.toFixed(2)}`);
await store.close();
