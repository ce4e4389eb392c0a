/**
 * The renderer's `GetDocuments` read (`DocumentRepository.findByIds`, 16 of a company's newest documents) on the two
 * stores `bench/numbering-growth.ts --dir DIR` leaves in DIR (`small/`, `large/`), alternating them; CPU per call
 * from `process.cpuUsage()`.
 *   node --import tsx bench/get-documents-growth.ts DIR [calls 100] [rounds 2]
 */

import { loadavg } from "node:os";
import { join } from "node:path";
import { SqliteStore } from "@einvoice/store";
import {
  DocumentRepository,
  documentsCollection,
} from "../services/numbering/src/adapters/document-repository.js";

const dir = process.argv[2];
if (!dir) throw new Error("usage: get-documents-growth.ts DIR [calls] [rounds]");
const calls = Number(process.argv[3] ?? "100");
const rounds = Number(process.argv[4] ?? "2");
const scope = { companyId: "cmp_1", livemode: false };
for (let round = 1; round <= rounds; round++) {
  for (const side of round % 2 ? ["small", "large"] : ["large", "small"]) {
    const store = SqliteStore.open(join(dir, side, "numbering.sqlite"));
    await store.ensure([documentsCollection]);
    const repository = new DocumentRepository(store);
    const ids = (await repository.list(scope, { limit: 16 })).rows.map((row) => row._id);
    const before = process.cpuUsage();
    for (let i = 0; i < calls; i++)
      if ((await repository.findByIds(scope, ids)).length !== ids.length)
        throw new Error("a document is missing");
    const used = process.cpuUsage(before);
    const documents = await store.collection(documentsCollection).count({});
    console.log(
      `round ${round}, ${side} (${documents} documents, load ${loadavg()[0]!.toFixed(1)}): ${((used.user + used.system) / calls / 1000).toFixed(3)} ms CPU per read of 16`,
    );
    await store.close();
  }
}
