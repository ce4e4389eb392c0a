/** Contract: updates (compare-and-set), upserts, deletes, unique constraints, counters, ensure and close. */
import { beforeEach, describe, expect, it } from "vitest";
import {
  CollectionNotEnsuredError,
  InvalidCollectionSpecError,
  InvalidDocumentError,
  StoreClosedError,
} from "../errors.js";
import { type Collection, DuplicateKeyError } from "../port.js";
import {
  type ContractContext,
  INVOICES,
  type Invoice,
  ids,
  invoice,
  THINGS,
  type Thing,
} from "./fixtures.js";

export function writeContract(ctx: ContractContext): void {
  let invoices: Collection<Invoice>;
  beforeEach(() => {
    invoices = ctx.store().collection<Invoice>(INVOICES);
  });

  describe("setFields", () => {
    it("sets nested and top-level fields on the first match, leaving the rest of the entity as it was", async () => {
      await invoices.insertOne(invoice(1));
      await invoices.insertOne(invoice(2));
      const set = await invoices.setFields({ status: "draft" }, { "customer.name": "NUEVA SAC", paid: true });
      expect(set).toBe(true);
      expect(await invoices.findOne({ _id: "inv-001" })).toStrictEqual({
        ...invoice(1),
        paid: true,
        customer: { ruc: "20100000009", name: "NUEVA SAC" },
      });
      expect(await invoices.findOne({ _id: "inv-002" })).toStrictEqual(invoice(2));
    });

    it("creates missing nested objects and stores null, numbers and strings as given", async () => {
      const things = ctx.store().collection<Thing>(THINGS);
      await things.insertOne({ _id: "t1", files: { xml: "a.xml" } });
      expect(
        await things.setFields(
          { _id: "t1" },
          { "files.pdf": "a.pdf", "files.ticket": null, "meta.deep.count": 2.5, hash: "h" },
        ),
      ).toBe(true);
      expect(await things.findOne({ _id: "t1" })).toStrictEqual({
        _id: "t1",
        files: { xml: "a.xml", pdf: "a.pdf", ticket: null },
        meta: { deep: { count: 2.5 } },
        hash: "h",
      });
    });

    it("stores objects and arrays whole at their paths, an indexed field inside them kept queryable", async () => {
      await invoices.insertOne(invoice(1));
      await invoices.insertOne(invoice(2));
      const customer = { ruc: "20999999999", name: "OTRA SAC", tags: ["a", { b: [1, null] }] };
      expect(await invoices.setFields({ _id: "inv-001" }, { customer, lines: [], note: null })).toBe(true);
      expect(await invoices.findOne({ _id: "inv-001" })).toStrictEqual({
        ...invoice(1),
        customer,
        lines: [],
        note: null,
      });
      expect(ids(await invoices.find({ "customer.ruc": "20999999999" }))).toEqual(["inv-001"]);
      expect(ids(await invoices.find({ "customer.ruc": "20100000009" }))).toEqual(["inv-002"]);
    });

    it("keeps indexed fields queryable after setting them, nested or not", async () => {
      await invoices.insertOne(invoice(1));
      await invoices.setFields({ _id: "inv-001" }, { "customer.ruc": "20999999999", status: "sent" });
      expect((await invoices.find({ "customer.ruc": "20999999999" })).map((i) => i._id)).toEqual(["inv-001"]);
      expect(await invoices.count({ status: "sent" })).toBe(1);
      expect(await invoices.count({ "customer.ruc": "20100000009" })).toBe(0);
    });

    it("answers false when nothing matches, and refuses _id, paths inside another, non-JSON values and unique nulls", async () => {
      await invoices.insertOne(invoice(1));
      expect(await invoices.setFields({ _id: "nope" }, { status: "sent" })).toBe(false);
      const refused = [
        {},
        { _id: "x" },
        { customer: "x", "customer.ruc": "1" },
        { "customer.bad-name": "x" },
        { total: Number.NaN },
        { customer: { ruc: "1", name: new Date() } },
        { note: undefined },
        { number: null },
      ] as unknown as Record<string, string>[];
      for (const set of refused)
        await expect(invoices.setFields({ _id: "inv-001" }, set)).rejects.toBeInstanceOf(
          InvalidDocumentError,
        );
      expect(await invoices.findOne({ _id: "inv-001" })).toStrictEqual(invoice(1));
    });

    it("refuses a change that collides with a unique index, leaving the entity unchanged", async () => {
      await invoices.insertOne(invoice(1));
      await invoices.insertOne(invoice(2));
      await expect(invoices.setFields({ _id: "inv-002" }, { number: "F001-1" })).rejects.toBeInstanceOf(
        DuplicateKeyError,
      );
      expect(await invoices.findOne({ _id: "inv-002" })).toStrictEqual(invoice(2));
    });

    it("joins a transaction: rolled back with it", async () => {
      await invoices.insertOne(invoice(1));
      await expect(
        ctx.store().transaction(async (tx) => {
          await tx.collection<Invoice>(INVOICES).setFields({ _id: "inv-001" }, { "customer.name": "X" });
          throw new Error("rolled back");
        }),
      ).rejects.toThrow("rolled back");
      expect(await invoices.findOne({ _id: "inv-001" })).toStrictEqual(invoice(1));
    });
  });

  describe("updateOne", () => {
    it("sets top-level fields on the first match and returns the updated entity", async () => {
      await invoices.insertOne(invoice(1));
      await invoices.insertOne(invoice(2));
      const updated = await invoices.updateOne(
        { status: "draft" },
        { status: "sent", note: null, total: 99 },
      );
      expect(updated).toStrictEqual({ ...invoice(1), status: "sent", note: null, total: 99 });
      expect(await invoices.findOne({ _id: "inv-001" })).toStrictEqual(updated);
      expect((await invoices.findOne({ _id: "inv-002" }))?.status).toBe("draft");
      const replacedNested = await invoices.updateOne(
        { _id: "inv-002" },
        { customer: { ruc: "9", name: "Z" } },
      );
      expect(replacedNested?.customer).toStrictEqual({ ruc: "9", name: "Z" });
    });

    it("returns null when nothing matches, and ignores undefined values", async () => {
      await invoices.insertOne(invoice(1));
      expect(await invoices.updateOne({ _id: "nope" }, { status: "sent" })).toBeNull();
      const same = await invoices.updateOne({ _id: "inv-001" }, { status: undefined });
      expect(same).toStrictEqual(invoice(1));
      expect(await invoices.updateOne({ _id: "inv-001" }, {})).toStrictEqual(invoice(1));
    });

    it("refuses to change _id or to set dotted or null unique fields", async () => {
      await invoices.insertOne(invoice(1));
      const refused = [
        { _id: "x" },
        { "customer.ruc": "1" },
        { number: null },
      ] as unknown as Partial<Invoice>[];
      for (const set of refused) {
        await expect(invoices.updateOne({ _id: "inv-001" }, set)).rejects.toBeInstanceOf(
          InvalidDocumentError,
        );
      }
      expect(await invoices.findOne({ _id: "inv-001" })).toStrictEqual(invoice(1));
    });

    it("is a compare-and-set: of two concurrent updates expecting the same version, exactly one wins", async () => {
      await invoices.insertOne(invoice(1, { version: 1 }));
      const results = await Promise.all(
        ["a", "b"].map((who) =>
          invoices.updateOne({ _id: "inv-001", version: 1 }, { version: 2, status: `by-${who}` }),
        ),
      );
      const winners = results.filter((r) => r !== null);
      expect(winners).toHaveLength(1);
      const stored = await invoices.findOne({ _id: "inv-001" });
      expect(stored).toStrictEqual(winners[0]);
      expect(stored?.version).toBe(2);
    });
  });

  describe("upsert and deleteOne", () => {
    it("upsert inserts, then replaces the whole entity", async () => {
      await invoices.upsert(invoice(1, { note: "first" }));
      await invoices.upsert(invoice(1, { status: "sent" }));
      expect(await invoices.find({})).toStrictEqual([invoice(1, { status: "sent" })]);
    });

    it("deleteOne removes only the first match and reports whether it did", async () => {
      await invoices.insertOne(invoice(1));
      await invoices.insertOne(invoice(2));
      expect(await invoices.deleteOne({ status: "draft" })).toBe(true);
      expect(ids(await invoices.find({}))).toEqual(["inv-002"]);
      expect(await invoices.deleteOne({ _id: "inv-001" })).toBe(false);
    });
  });

  describe("unique constraints", () => {
    beforeEach(async () => {
      await invoices.insertOne(invoice(1, { externalRef: "ext-1" }));
    });

    it("refuses a duplicate _id", async () => {
      const error = await invoices.insertOne({ ...invoice(2), _id: "inv-001" }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DuplicateKeyError);
      expect((error as DuplicateKeyError).collection).toBe("invoices");
    });

    it("refuses duplicates of single and compound unique indexes on insert", async () => {
      const dupNumber = invoice(2, { number: "F001-1" });
      const dupSeriesSeq = invoice(1, { _id: "other", number: "F001-X" });
      const dupExternal = invoice(3, { externalRef: "ext-1" });
      for (const dup of [dupNumber, dupSeriesSeq, dupExternal]) {
        await expect(invoices.insertOne(dup)).rejects.toBeInstanceOf(DuplicateKeyError);
      }
      await invoices.insertOne(invoice(1, { _id: "other", series: "B001", number: "B001-1" }));
      expect(await invoices.count({})).toBe(2);
    });

    it("refuses an update or upsert that collides, leaving the entity unchanged", async () => {
      await invoices.insertOne(invoice(2));
      await expect(invoices.updateOne({ _id: "inv-002" }, { number: "F001-1" })).rejects.toBeInstanceOf(
        DuplicateKeyError,
      );
      await expect(invoices.upsert(invoice(2, { seq: 1 }))).rejects.toBeInstanceOf(DuplicateKeyError);
      await expect(invoices.upsert(invoice(9, { externalRef: "ext-1" }))).rejects.toBeInstanceOf(
        DuplicateKeyError,
      );
      expect(await invoices.findOne({ _id: "inv-002" })).toStrictEqual(invoice(2));
      expect(await invoices.count({})).toBe(2);
    });

    it("does not constrain entities missing a unique field, and refuses explicit null there", async () => {
      await invoices.insertOne(invoice(2));
      await invoices.insertOne(invoice(3));
      expect(await invoices.count({ externalRef: { $exists: false } })).toBe(2);
      await expect(
        invoices.insertOne(invoice(4, { externalRef: null as unknown as string })),
      ).rejects.toBeInstanceOf(InvalidDocumentError);
    });
  });

  describe("counters", () => {
    it("start at 0, increment by 1 or by n, independently per key", async () => {
      const { counters } = ctx.store();
      expect(await counters.current("F001")).toBe(0);
      expect(await counters.increment("F001")).toBe(1);
      expect(await counters.increment("F001", 10)).toBe(11);
      expect(await counters.increment("B001")).toBe(1);
      expect(await counters.current("F001")).toBe(11);
      await expect(counters.increment("F001", 1.5)).rejects.toBeInstanceOf(InvalidDocumentError);
    });

    it("give distinct consecutive values to many concurrent callers", async () => {
      const { counters } = ctx.store();
      const values = await Promise.all(Array.from({ length: 25 }, () => counters.increment("series")));
      expect([...values].sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
      expect(await counters.current("series")).toBe(25);
    });
  });

  describe("ensure and lifecycle", () => {
    it("ensure is idempotent and keeps data and constraints", async () => {
      await invoices.insertOne(invoice(1));
      await ctx.store().ensure([INVOICES, THINGS]);
      await ctx.store().ensure([INVOICES]);
      expect(await invoices.count({})).toBe(1);
      await expect(invoices.insertOne(invoice(1, { _id: "x" }))).rejects.toBeInstanceOf(DuplicateKeyError);
    });

    it("ensures an index closed by _id, and reads a field's entities newest first both ways through it", async () => {
      const spec = { name: "by_status", indexes: [{ fields: ["status", "_id"] }] };
      await ctx.store().ensure([spec, spec]);
      const rows = ctx.store().collection<Invoice>(spec);
      for (let seq = 1; seq <= 6; seq++)
        await rows.insertOne(invoice(seq, { status: seq % 2 ? "odd" : "even" }));
      const newest = await rows.find(
        { status: "odd", _id: { $lt: "inv-005" } },
        { sort: [{ field: "_id", direction: -1 }], limit: 5 },
      );
      expect(ids(newest)).toEqual(["inv-003", "inv-001"]);
      const after = await rows.find(
        { status: "even", _id: { $gt: "inv-002" } },
        { sort: [{ field: "_id", direction: 1 }], limit: 5 },
      );
      expect(ids(after)).toEqual(["inv-004", "inv-006"]);
    });

    it("refuses collections that were never ensured", async () => {
      const unknown = ctx.store().collection<Thing>({ name: "never_ensured" });
      await expect(unknown.find({})).rejects.toBeInstanceOf(CollectionNotEnsuredError);
      await expect(unknown.insertOne({ _id: "a" })).rejects.toBeInstanceOf(CollectionNotEnsuredError);
    });

    it("refuses invalid collection specs", async () => {
      const bad = [
        { name: "_counters" },
        { name: "Invoices" },
        { name: "x; DROP TABLE invoices" },
        { name: "ok", indexes: [{ fields: [] }] },
        { name: "ok", indexes: [{ fields: ["_id"], unique: true }] },
        { name: "ok", indexes: [{ fields: ["_id", "status"] }] },
        { name: "ok", indexes: [{ fields: ["a'b"] }] },
      ];
      for (const spec of bad) {
        await expect(ctx.store().ensure([spec]), spec.name).rejects.toBeInstanceOf(
          InvalidCollectionSpecError,
        );
        expect(() => ctx.store().collection(spec), spec.name).toThrow(InvalidCollectionSpecError);
      }
    });

    it("pings, and refuses use after close", async () => {
      const store = ctx.store();
      await store.ping();
      await store.close();
      await expect(invoices.find({})).rejects.toBeInstanceOf(StoreClosedError);
      await expect(store.counters.increment("x")).rejects.toBeInstanceOf(StoreClosedError);
      await store.close();
    });
  });
}
