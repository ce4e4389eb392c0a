/**
 * A numbering process that dies between the commit and the reply: it issues one document with the given
 * Idempotency-Key on the SQLite file and is SIGKILLed by its after-commit hook, before the caller could be answered.
 *
 *   node --import tsx crash-after-commit.ts <sqlite file> <idempotency key>
 */
import { openStore } from "@einvoice/store";
import { documentsCollection } from "../src/adapters/document-repository.js";
import { outboxCollection } from "../src/adapters/outbox.js";
import { IssueDocument } from "../src/usecases/issue-document.js";
import { IssueQueue } from "../src/usecases/issue-queue.js";
import { computed, issuer, scope } from "./issue-fixtures.js";

const [file, key] = process.argv.slice(2);
if (!file || !key) throw new Error("usage: crash-after-commit.ts <sqlite file> <idempotency key>");
const store = await openStore({ engine: "sqlite", file });
await store.ensure([documentsCollection, outboxCollection]);
const issue = new IssueDocument(
  new IssueQueue(store, () => process.kill(process.pid, "SIGKILL")),
  "http://files",
);
await issue.execute({ scope, issuer, computed, idempotencyKey: key });
// Never reached: the reply is lost with the process.
console.log("replied");
