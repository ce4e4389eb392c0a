/** Contract: reads, filters, sorting, limits and value round-trips. */
import { beforeEach, describe, expect, it } from "vitest";
import { InvalidDocumentError, InvalidFilterError } from "../errors.js";
import type { Collection, Filter } from "../port.js";
import {
  type ContractContext,
  INVOICES,
  type Invoice,
  ids,
  invoice,
  THINGS,
  type Thing,
} from "./fixtures.js";

export function queryContract(ctx: ContractContext): void {
  describe("values", () => {
    it("round-trips strings, numbers, booleans, null, nested objects and arrays exactly", async () => {
      const things = ctx.store().collection<Thing>(THINGS);
      const doc: Thing = {
        _id: "ñandú/1 ✓",
        text: 'línea 1\nlínea 2 "citada" \u0000 😀',
        empty: "",
        int: 42,
        negative: -7,
        float: 0.1 + 0.2,
        big: 2 ** 53 - 1,
        tiny: 5e-324,
        yes: true,
        no: false,
        nothing: null,
        nested: { deep: { list: [1, "two", null, false, { three: 3 }, []] }, emptyObject: {} },
        list: ["a", 1.5, true],
      };
      await things.insertOne(doc);
      expect(await things.findOne({ _id: doc._id })).toStrictEqual(doc);
      expect(await things.find({})).toStrictEqual([doc]);
    });

    it("drops undefined properties and refuses values that cannot round-trip", async () => {
      const things = ctx.store().collection<Thing>(THINGS);
      await things.insertOne({ _id: "u", kept: 1, gone: undefined });
      expect(await things.findOne({ _id: "u" })).toStrictEqual({ _id: "u", kept: 1 });
      for (const bad of [
        { when: new Date() },
        { n: Number.NaN },
        { n: Infinity },
        { $set: 1 },
        { a: [undefined] },
      ]) {
        await expect(things.insertOne({ _id: "bad", ...bad })).rejects.toBeInstanceOf(InvalidDocumentError);
      }
      await expect(things.insertOne({ _id: "" })).rejects.toBeInstanceOf(InvalidDocumentError);
      expect(await things.count({})).toBe(1);
    });
  });

  describe("find", () => {
    let invoices: Collection<Invoice>;
    beforeEach(async () => {
      invoices = ctx.store().collection<Invoice>(INVOICES);
      await invoices.insertOne(invoice(3, { status: "sent", paid: true, customer: { ruc: "2", name: "B" } }));
      await invoices.insertOne(invoice(1, { status: "draft", note: "hello" }));
      await invoices.insertOne(invoice(2, { status: "sent", note: null, customer: { ruc: "2", name: "B" } }));
      await invoices.insertOne(invoice(4, { status: "void", total: 2.5 }));
    });

    it("finds one by id, or null", async () => {
      expect((await invoices.findOne({ _id: "inv-002" }))?.seq).toBe(2);
      expect(await invoices.findOne({ _id: "nope" })).toBeNull();
    });

    it("returns all matches in _id order by default, and counts", async () => {
      expect(ids(await invoices.find({}))).toEqual(["inv-001", "inv-002", "inv-003", "inv-004"]);
      expect(await invoices.count({})).toBe(4);
      expect(await invoices.count({ status: "sent" })).toBe(2);
    });

    it("sorts by several keys and directions, ties broken by _id", async () => {
      const byStatusDescTotal = await invoices.find(
        {},
        {
          sort: [
            { field: "status", direction: -1 },
            { field: "total", direction: 1 },
          ],
        },
      );
      expect(ids(byStatusDescTotal)).toEqual(["inv-004", "inv-002", "inv-003", "inv-001"]);
      const byRucDesc = await invoices.find({}, { sort: [{ field: "customer.ruc", direction: -1 }] });
      expect(ids(byRucDesc)).toEqual(["inv-001", "inv-004", "inv-002", "inv-003"]);
      const missingFirst = await invoices.find({}, { sort: [{ field: "note", direction: 1 }] });
      expect(ids(missingFirst)).toEqual(["inv-002", "inv-003", "inv-004", "inv-001"]);
    });

    it("limits, including limit 0", async () => {
      const top2 = await invoices.find({}, { sort: [{ field: "seq", direction: -1 }], limit: 2 });
      expect(ids(top2)).toEqual(["inv-004", "inv-003"]);
      expect(await invoices.find({}, { limit: 0 })).toEqual([]);
      await expect(invoices.find({}, { limit: -1 })).rejects.toBeInstanceOf(InvalidFilterError);
    });

    const cases: [string, Filter, string[]][] = [
      ["scalar equality", { status: "sent" }, ["inv-002", "inv-003"]],
      ["$eq", { seq: { $eq: 2 } }, ["inv-002"]],
      ["boolean equality", { paid: true }, ["inv-003"]],
      ["boolean is not the number 1", { paid: 1 }, []],
      ["number is not its string", { seq: "2" }, []],
      ["$ne includes other values", { status: { $ne: "sent" } }, ["inv-001", "inv-004"]],
      ["$ne matches missing fields", { note: { $ne: "hello" } }, ["inv-002", "inv-003", "inv-004"]],
      ["null equality matches missing and null", { note: null }, ["inv-002", "inv-003", "inv-004"]],
      ["$ne null means present", { note: { $ne: null } }, ["inv-001"]],
      ["$in", { seq: { $in: [1, 4, 99] } }, ["inv-001", "inv-004"]],
      ["$in with null", { note: { $in: [null, "hello"] } }, ["inv-001", "inv-002", "inv-003", "inv-004"]],
      ["$in empty", { seq: { $in: [] } }, []],
      ["$in is type-exact", { seq: { $in: ["1", true] } }, []],
      ["$lt", { total: { $lt: 20 } }, ["inv-001", "inv-004"]],
      ["$lte", { total: { $lte: 20 } }, ["inv-001", "inv-002", "inv-004"]],
      ["$gt", { total: { $gt: 20 } }, ["inv-003"]],
      ["$gte with float", { total: { $gte: 2.5 } }, ["inv-001", "inv-002", "inv-003", "inv-004"]],
      ["range on strings", { status: { $gte: "sent", $lt: "t" } }, ["inv-002", "inv-003"]],
      ["range is type-bracketed", { status: { $gt: 0 } }, []],
      ["range on booleans", { paid: { $lt: true } }, ["inv-001", "inv-002", "inv-004"]],
      ["several ops on one field", { seq: { $gt: 1, $lt: 4, $ne: 3 } }, ["inv-002"]],
      ["$exists true: present and not null", { note: { $exists: true } }, ["inv-001"]],
      ["$exists false: missing or null", { note: { $exists: false } }, ["inv-002", "inv-003", "inv-004"]],
      ["$exists with $ne", { note: { $exists: true, $ne: "hello" } }, []],
      ["dotted path", { "customer.ruc": "2" }, ["inv-002", "inv-003"]],
      ["dotted path range", { "customer.name": { $gte: "B" } }, ["inv-002", "inv-003"]],
      [
        "missing nested path",
        { "customer.ruc.x": { $exists: false } },
        ["inv-001", "inv-002", "inv-003", "inv-004"],
      ],
      ["_id range", { _id: { $gt: "inv-002" } }, ["inv-003", "inv-004"]],
      ["_id is a string", { _id: { $in: [1, "inv-001"] } }, ["inv-001"]],
      ["_id $in with null or none", { _id: { $in: [null, true] } }, []],
      ["_id $in empty", { _id: { $in: [] } }, []],
      ["_id $in and fields", { _id: { $in: ["inv-004", "inv-002", "nope"] }, status: "sent" }, ["inv-002"]],
      ["conjunction of fields", { status: "sent", paid: false, "customer.ruc": "2" }, ["inv-002"]],
    ];
    it.each(cases)("filters: %s", async (_label, filter, expected) => {
      expect(ids(await invoices.find(filter))).toEqual(expected);
      expect(await invoices.count(filter)).toBe(expected.length);
    });

    it("refuses malformed filters", async () => {
      const bad = [
        { "bad path": 1 },
        { "a..b": 1 },
        { "x'); DROP TABLE invoices; --": 1 },
        { status: { $regex: "x" } },
        { total: { $lt: null } },
        { seq: { $in: "1" } },
        { seq: { $exists: 1 } },
        { when: new Date() },
        { seq: {} },
      ] as unknown as Filter[];
      for (const filter of bad) {
        await expect(invoices.find(filter), JSON.stringify(filter)).rejects.toBeInstanceOf(
          InvalidFilterError,
        );
      }
      await expect(invoices.find({}, { sort: [{ field: "1x", direction: 1 }] })).rejects.toBeInstanceOf(
        InvalidFilterError,
      );
      expect(await invoices.count({})).toBe(4);
    });
  });
}
