/**
 * Contract: transactions commit together, roll back together, and are isolated from concurrent callers.
 * Bodies await their operations one by one (MongoDB does not support parallel operations in a transaction) and
 * concurrent "outside" callers are started from the test's own async context, as a separate request would be.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { TransactionMisuseError } from "../errors.js";
import { type Collection, DuplicateKeyError, type TransactionScope } from "../port.js";
import {
  Boom,
  type ContractContext,
  deferred,
  delay,
  INVOICES,
  type Invoice,
  ids,
  invoice,
} from "./fixtures.js";

export function transactionContract(ctx: ContractContext): void {
  let invoices: Collection<Invoice>;
  beforeEach(() => {
    invoices = ctx.store().collection<Invoice>(INVOICES);
  });
  const txInvoices = (tx: TransactionScope) => tx.collection<Invoice>(INVOICES);

  describe("transactions", () => {
    it("commit every write together and return the body's value", async () => {
      await invoices.insertOne(invoice(1));
      const result = await ctx.store().transaction(async (tx) => {
        const seq = await tx.counters.increment("F001");
        await txInvoices(tx).insertOne(invoice(seq + 1));
        await txInvoices(tx).updateOne({ _id: "inv-001" }, { status: "sent" });
        expect(await txInvoices(tx).count({})).toBe(2);
        return seq;
      });
      expect(result).toBe(1);
      expect(ids(await invoices.find({ status: { $in: ["draft", "sent"] } }))).toEqual([
        "inv-001",
        "inv-002",
      ]);
      expect((await invoices.findOne({ _id: "inv-001" }))?.status).toBe("sent");
      expect(await ctx.store().counters.current("F001")).toBe(1);
    });

    it("roll back inserts, updates, deletes and counter increments when the body throws", async () => {
      await invoices.insertOne(invoice(1));
      await ctx.store().counters.increment("F001");
      const boom = new Boom("rollback");
      const outcome = ctx.store().transaction(async (tx) => {
        await tx.counters.increment("F001");
        await txInvoices(tx).insertOne(invoice(2));
        await txInvoices(tx).updateOne({ _id: "inv-001" }, { status: "void" });
        await txInvoices(tx).deleteOne({ _id: "inv-002" });
        await txInvoices(tx).insertOne(invoice(3));
        throw boom;
      });
      await expect(outcome).rejects.toBe(boom);
      expect(await invoices.find({})).toStrictEqual([invoice(1)]);
      expect(await ctx.store().counters.current("F001")).toBe(1);
      expect(await ctx.store().counters.increment("F001")).toBe(2);
    });

    it("roll back when an operation failed, even if the body caught the error", async () => {
      await invoices.insertOne(invoice(1));
      const outcome = ctx.store().transaction(async (tx) => {
        await txInvoices(tx).insertOne(invoice(2));
        await txInvoices(tx)
          .insertOne(invoice(1, { _id: "dup" }))
          .catch(() => undefined);
        await expect(txInvoices(tx).count({})).rejects.toBeInstanceOf(TransactionMisuseError);
        return "carried on";
      });
      await expect(outcome).rejects.toBeInstanceOf(DuplicateKeyError);
      expect(ids(await invoices.find({}))).toEqual(["inv-001"]);
    });

    it("refuse the outer store inside the body, and the tx scope after the transaction", async () => {
      let leaked: TransactionScope | undefined;
      const outcome = ctx.store().transaction(async (tx) => {
        leaked = tx;
        await txInvoices(tx).insertOne(invoice(1));
        await invoices.insertOne(invoice(2));
      });
      await expect(outcome).rejects.toBeInstanceOf(TransactionMisuseError);
      expect(await invoices.count({})).toBe(0);
      await expect(txInvoices(leaked!).insertOne(invoice(3))).rejects.toBeInstanceOf(TransactionMisuseError);
      expect(await invoices.count({})).toBe(0);
    });

    it("hide uncommitted writes from concurrent readers and keep concurrent writes out", async () => {
      const inBody = deferred();
      const finish = deferred();
      const outcome = ctx.store().transaction(async (tx) => {
        await txInvoices(tx).insertOne(invoice(1));
        inBody.resolve();
        await finish.promise;
        throw new Boom("rollback");
      });
      await inBody.promise;
      // Started while the transaction is open and holds its uncommitted insert.
      const read = invoices.findOne({ _id: "inv-001" });
      const counted = invoices.count({});
      const write = invoices.insertOne(invoice(2));
      await delay(30);
      finish.resolve();
      await expect(outcome).rejects.toBeInstanceOf(Boom);
      expect(await read).toBeNull();
      expect(await counted).toBe(0);
      await write;
      expect(ids(await invoices.find({}))).toEqual(["inv-002"]);
    });

    it("do not lose a concurrent compare-and-set: the outcome is that of some serial order", async () => {
      await invoices.insertOne(invoice(1, { version: 0 }));
      const inBody = deferred();
      const outcome = ctx.store().transaction(async (tx) => {
        // MongoDB may run this body again after a write conflict; it reads afresh each time.
        const current = (await txInvoices(tx).findOne({ _id: "inv-001" }))!;
        inBody.resolve();
        await delay(30);
        const updated = await txInvoices(tx).updateOne(
          { _id: "inv-001", version: current.version! },
          { version: current.version! + 1 },
        );
        if (!updated) throw new Error("the transaction lost its own compare-and-set");
      });
      await inBody.promise;
      const outside = await invoices.updateOne({ _id: "inv-001", version: 0 }, { version: 100 });
      await outcome;
      const final = (await invoices.findOne({ _id: "inv-001" }))?.version;
      // Outside first: 0 → 100 → 101. Transaction first: 0 → 1, and the outside CAS (expecting 0) fails.
      expect(outside === null ? final === 1 : final === 101).toBe(true);
    });

    it("number concurrent transactions consecutively, with no gaps or duplicates", async () => {
      const numbers = await Promise.all(
        Array.from({ length: 5 }, () =>
          ctx.store().transaction(async (tx) => {
            const seq = await tx.counters.increment("F001");
            await txInvoices(tx).insertOne(invoice(seq));
            return seq;
          }),
        ),
      );
      expect([...numbers].sort()).toEqual([1, 2, 3, 4, 5]);
      expect((await invoices.find({}, { sort: [{ field: "seq", direction: 1 }] })).map((i) => i.seq)).toEqual(
        [1, 2, 3, 4, 5],
      );
    });
  });
}
