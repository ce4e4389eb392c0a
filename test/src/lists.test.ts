/**
 * GET /v1/documents and GET /v1/events over the real system: newest first, cursor pages both ways with no
 * duplicate or gap while new items arrive, every filter, and mode isolation.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootTestSystem, type TestSystem } from "./harness.js";
import { eventually } from "./support/simulator-control.js";

const customer = (n: string) => ({ document_type: "6", document_number: n, name: `CLIENTE ${n} SAC` });
const item = { description: "Servicio", quantity: 1, unit_price: "50.00" };

describe("lists of documents and events", () => {
  let sys: TestSystem;
  /** Ids of the documents issued here, oldest first. */
  const issued: { id: string; type: string; series: string; customer: string }[] = [];

  const issue = async (path: "/v1/invoices" | "/v1/receipts", series: string, number: string) => {
    const res = await sys.request(path, { body: { series, customer: customer(number), items: [item] } });
    expect(res.status).toBe(202);
    issued.push({ id: res.body.id, type: res.body.type, series, customer: number });
    return res.body.id as string;
  };
  const ids = (page: { body: { data: { id: string }[] } }) => page.body.data.map((d) => d.id);
  const readAll = async (path: string, limit: number) => {
    const all: string[] = [];
    let cursor = "";
    for (;;) {
      const page = await sys.request(`${path}${path.includes("?") ? "&" : "?"}limit=${limit}${cursor}`);
      expect(page.status).toBe(200);
      all.push(...ids(page));
      if (!page.body.has_more) return all;
      cursor = `&starting_after=${page.body.data.at(-1).id}`;
    }
  };

  beforeAll(async () => {
    sys = await bootTestSystem();
    for (let i = 0; i < 4; i++) await issue("/v1/invoices", "F001", "20100070970");
    for (let i = 0; i < 3; i++) await issue("/v1/receipts", "B001", "20600000005");
    await issue("/v1/invoices", "F002", "20600000005");
    await eventually(
      async () => (await sys.request("/v1/events?limit=100")).body.data.length,
      (n) => n >= issued.length,
    );
  });

  afterAll(async () => {
    await sys?.stop();
  });

  it("lists documents newest first, page by page, and back", async () => {
    const newestFirst = issued.map((d) => d.id).reverse();
    expect(await readAll("/v1/documents", 3)).toEqual(newestFirst);
    const second = await sys.request(`/v1/documents?limit=3&starting_after=${newestFirst[2]}`);
    expect(ids(second)).toEqual(newestFirst.slice(3, 6));
    const back = await sys.request(`/v1/documents?limit=3&ending_before=${newestFirst[3]}`);
    expect(ids(back)).toEqual(newestFirst.slice(0, 3));
    expect(back.body.has_more).toBe(false);
    expect(back.body).toMatchObject({ object: "list", url: "/v1/documents" });
  });

  it("filters documents by type, series, status, customer and issue date", async () => {
    const newest = (pick: (d: (typeof issued)[number]) => boolean) =>
      issued
        .filter(pick)
        .map((d) => d.id)
        .reverse();
    expect(await readAll("/v1/documents?type=03", 2)).toEqual(newest((d) => d.type === "03"));
    expect(await readAll("/v1/documents?series=F002", 2)).toEqual(newest((d) => d.series === "F002"));
    expect(await readAll("/v1/documents?customer.document_number=20600000005", 2)).toEqual(
      newest((d) => d.customer === "20600000005"),
    );
    const accepted = await eventually(
      () => readAll("/v1/documents?status=accepted", 10),
      (list) => list.length === issued.length,
    );
    expect(accepted).toEqual(newest(() => true));
    expect(await readAll("/v1/documents?status=rejected", 10)).toEqual([]);
    const today = (await sys.request(`/v1/documents/${issued[0]!.id}`)).body.issue_date as string;
    expect(await readAll(`/v1/documents?issue_date[gte]=${today}&issue_date[lte]=${today}`, 10)).toHaveLength(
      issued.length,
    );
    expect(await readAll("/v1/documents?issue_date[lte]=2020-01-01", 10)).toEqual([]);
  });

  it("keeps modes apart: a live key lists none of the test documents or events", async () => {
    const documents = await sys.request("/v1/documents", { key: sys.liveKey });
    const events = await sys.request("/v1/events", { key: sys.liveKey });
    expect(documents.body.data).toEqual([]);
    expect(events.body.data).toEqual([]);
  });

  it("pages events with no duplicate or gap while new events arrive, and back", async () => {
    const first = await sys.request("/v1/events?limit=3");
    await issue("/v1/invoices", "F001", "20100070970");
    await eventually(
      async () => (await sys.request(`/v1/events?document_id=${issued.at(-1)!.id}`)).body.data.length,
      (n) => n === 1,
    );
    const rest: string[] = [];
    let cursor = first.body.data.at(-1).id;
    for (;;) {
      const page = await sys.request(`/v1/events?limit=3&starting_after=${cursor}`);
      rest.push(...ids(page));
      if (!page.body.has_more) break;
      cursor = page.body.data.at(-1).id;
    }
    const all = [...ids(first), ...rest];
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(issued.length - 1);
    const newer = await sys.request(`/v1/events?limit=3&ending_before=${ids(first)[0]}`);
    expect(newer.body.data).toHaveLength(1);
    expect(newer.body.data[0].data.object.id).toBe(issued.at(-1)!.id);
  });

  it("filters events by type, document and creation time", async () => {
    const [one] = issued;
    const byDocument = await sys.request(`/v1/events?document_id=${one!.id}`);
    expect(byDocument.body.data.map((e: any) => e.data.object.id)).toEqual([one!.id]);
    expect((await sys.request("/v1/events?type=document.rejected")).body.data).toEqual([]);
    const all = (await sys.request("/v1/events?limit=100")).body.data as { id: string; created_at: string }[];
    const middle = all[Math.floor(all.length / 2)]!;
    const since = (await sys.request(`/v1/events?limit=100&created[gte]=${middle.created_at}`)).body.data;
    expect(since.map((e: { id: string }) => e.id)).toEqual(
      all.filter((e) => e.created_at >= middle.created_at).map((e) => e.id),
    );
    const seconds = Math.floor(Date.parse(middle.created_at) / 1000) - 1;
    const until = (await sys.request(`/v1/events?limit=100&created[lte]=${seconds}`)).body.data;
    expect(until.every((e: { created_at: string }) => Date.parse(e.created_at) <= (seconds + 1) * 1000)).toBe(
      true,
    );
  });

  it("refuses every bad parameter at once, naming each, with 422", async () => {
    const res = await sys.request("/v1/events?limit=500&type=invoice.paid&created[gte]=yesterday");
    expect(res.status).toBe(422);
    expect(res.body.error.errors.map((e: { param: string }) => e.param)).toEqual([
      "limit",
      "type",
      "created[gte]",
    ]);
    const both = await sys.request(
      `/v1/documents?starting_after=${issued[0]!.id}&ending_before=${issued[1]!.id}`,
    );
    expect(both.status).toBe(422);
    expect(both.body.error.param).toBe("ending_before");
  });
});
