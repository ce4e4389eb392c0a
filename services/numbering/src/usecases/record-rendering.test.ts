import { todayInLima } from "@einvoice/platform";
import { openStore, type Store } from "@einvoice/store";
import { computeDocument } from "@einvoice/tax-engine";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DocumentRepository, documentsCollection } from "../adapters/document-repository.js";
import { outboxCollection } from "../adapters/outbox.js";
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
  const rendered = (pdfKey: string, ticketKey: string) => ({
    documentId: id,
    companyId: scope.companyId,
    livemode: scope.livemode,
    pdfKey,
    ticketKey,
  });
  const files = async () => (await new DocumentRepository(store).findById(scope, id))?.files;

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
    await new RecordRendering(store).execute(rendered("k.pdf", "k-ticket.pdf") as never);
    expect(await files()).toMatchObject({ pdf: "k.pdf", pdf_ticket: "k-ticket.pdf" });
  });

  it("keeps a guide's empty ticket key as no ticket, and a second print at the same key changes nothing", async () => {
    const recorder = new RecordRendering(store);
    await recorder.execute(rendered("g.pdf", "") as never);
    expect(await files()).toMatchObject({ pdf: "g.pdf", pdf_ticket: null });
    const before = (await new DocumentRepository(store).findById(scope, id))?.updated_at;
    await recorder.execute(rendered("g.pdf", "") as never);
    expect((await new DocumentRepository(store).findById(scope, id))?.updated_at).toBe(before);
  });
});
