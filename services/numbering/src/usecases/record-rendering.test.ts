import { create } from "@bufbuild/protobuf";
import { createLogger, todayInLima } from "@einvoice/platform";
import { DocumentRenderedSchema, DocumentVerdictSchema } from "@einvoice/proto";
import { openStore, type Store } from "@einvoice/store";
import { computeDocument } from "@einvoice/tax-engine";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DocumentRepository, documentsCollection } from "../adapters/document-repository.js";
import { outboxCollection } from "../adapters/outbox.js";
import { ApplyVerdict } from "./apply-verdict.js";
import { IssueDocument } from "./issue-document.js";
import { IssueQueue } from "./issue-queue.js";
import { RecordRendering } from "./record-rendering.js";

const scope = { companyId: "cmp_1", livemode: false };
const issuer = {
  ruc: "20000000001",
  legal_name: "EMPRESA SAC",
  address: { line: "Av. Lima 1", establishment_code: "0000", country_code: "PE" },
};
const result = computeDocument(
  { series: "B001", items: [{ description: "Café", quantity: 1, unit_price: "8.50" }] },
  { type: "03", today: todayInLima() },
);
if (!result.ok) throw new Error("fixture receipt refused");

describe("RecordRendering", () => {
  let store: Store;
  let id = "";
  const rendered = (pdfKey: string, ticketKey: string, signature: { xmlKey?: string; hash?: string } = {}) =>
    create(DocumentRenderedSchema, {
      documentId: id,
      companyId: scope.companyId,
      livemode: scope.livemode,
      pdfKey,
      ticketKey,
      ...signature,
    });
  const record = () => new DocumentRepository(store).findById(scope, id);
  const files = async () => (await record())?.files;

  beforeEach(async () => {
    store = await openStore({ engine: "sqlite", file: ":memory:" });
    await store.ensure([documentsCollection, outboxCollection]);
    id = (
      await new IssueDocument(new IssueQueue(store, () => undefined), "http://files").execute({
        scope,
        issuer,
        computed: result.document,
      })
    ).id;
  });
  afterEach(() => store.close());

  it("keeps both PDFs' keys of an invoice or receipt", async () => {
    await new RecordRendering(store).execute([rendered("k.pdf", "k-ticket.pdf")]);
    expect(await files()).toMatchObject({ pdf: "k.pdf", pdf_ticket: "k-ticket.pdf" });
  });

  it("keeps a guide's empty ticket key as no ticket, and a second print at the same key changes nothing", async () => {
    const recorder = new RecordRendering(store);
    await recorder.execute([rendered("g.pdf", "")]);
    expect(await files()).toMatchObject({ pdf: "g.pdf", pdf_ticket: null });
    const before = (await new DocumentRepository(store).findById(scope, id))?.updated_at;
    await recorder.execute([rendered("g.pdf", "")]);
    expect((await new DocumentRepository(store).findById(scope, id))?.updated_at).toBe(before);
  });

  it("links the signed XML and shows the hash of a pending document with its PDF", async () => {
    await new RecordRendering(store).execute([
      rendered("k.pdf", "k-ticket.pdf", { xmlKey: "k.xml", hash: "ZGlnZXN0" }),
    ]);
    const stored = await record();
    expect(stored).toMatchObject({ status: "pending", hash: "ZGlnZXN0" });
    expect(stored?.files).toMatchObject({ xml: "k.xml", pdf: "k.pdf", pdf_ticket: "k-ticket.pdf" });
  });

  it("keeps the signature it has when a message carries none", async () => {
    const recorder = new RecordRendering(store);
    await recorder.execute([rendered("g.pdf", "", { xmlKey: "g.xml", hash: "ZGlnZXN0" })]);
    await recorder.execute([rendered("g2.pdf", "")]);
    expect(await record()).toMatchObject({ hash: "ZGlnZXN0", files: { xml: "g.xml", pdf: "g2.pdf" } });
  });

  it("loses no CDR key when the verdict is applied while the PDF is recorded", async () => {
    const verdict = create(DocumentVerdictSchema, {
      documentId: id,
      companyId: scope.companyId,
      livemode: scope.livemode,
      outcome: "accepted",
      sunat: { code: "0", description: "aceptada", notes: [], simulated: true },
      cdrKey: "k-cdr.zip",
      xmlKey: "k.xml",
      hash: "ZGlnZXN0",
    });
    const applyVerdict = new ApplyVerdict(
      store,
      "http://files",
      createLogger("test", "silent"),
      () => undefined,
    );
    await Promise.all([
      new RecordRendering(store).execute([
        rendered("k.pdf", "k-ticket.pdf", { xmlKey: "k.xml", hash: "ZGlnZXN0" }),
      ]),
      applyVerdict.execute(verdict),
    ]);
    expect(await record()).toMatchObject({
      status: "accepted",
      files: { xml: "k.xml", cdr: "k-cdr.zip", pdf: "k.pdf", pdf_ticket: "k-ticket.pdf" },
    });
  });

  it("records a batch in one commit, each message as on its own, and answers a document it lacks alone", async () => {
    const other = (
      await new IssueDocument(new IssueQueue(store, () => undefined), "http://files").execute({
        scope,
        issuer,
        computed: result.document,
      })
    ).id;
    const commits: number[] = [];
    const counting = Object.create(store) as Store;
    counting.transaction = (work, options) => {
      commits.push(1);
      return store.transaction(work, options);
    };
    const first = rendered("a.pdf", "a-ticket.pdf");
    const missing = { ...rendered("m.pdf", ""), documentId: "doc_missing" };
    const second = { ...rendered("b.pdf", ""), documentId: other };
    const outcome = await new RecordRendering(counting).execute([first, missing, second]);
    expect(commits).toHaveLength(1);
    expect(outcome[0]).toBeUndefined();
    expect(outcome[2]).toBeUndefined();
    expect(String(outcome[1])).toMatch(/doc_missing not found/);
    expect(await files()).toMatchObject({ pdf: "a.pdf", pdf_ticket: "a-ticket.pdf" });
    expect((await new DocumentRepository(store).findById(scope, other))?.files).toMatchObject({
      pdf: "b.pdf",
    });
  });
});
