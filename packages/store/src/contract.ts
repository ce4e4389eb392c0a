/**
 * The store contract: one vitest suite every engine must pass, so services behave identically on SQLite and on
 * MongoDB. `makeStore` returns a fresh, empty store per test; the suite ensures its collections and closes it.
 */
import { afterEach, beforeEach, describe } from "vitest";
import { INVOICES, THINGS } from "./contract/fixtures.js";
import { queryContract } from "./contract/queries.js";
import { transactionContract } from "./contract/transactions.js";
import { writeContract } from "./contract/writes.js";
import type { Store } from "./port.js";

export function runStoreContract(name: string, makeStore: () => Promise<Store>): void {
  describe(`store contract: ${name}`, () => {
    let current: Store | undefined;

    beforeEach(async () => {
      current = await makeStore();
      await current.ensure([INVOICES, THINGS]);
    });

    afterEach(async () => {
      await current?.close();
      current = undefined;
    });

    const ctx = {
      store: () => {
        if (!current) throw new Error("no store: used outside a test");
        return current;
      },
    };
    queryContract(ctx);
    writeContract(ctx);
    transactionContract(ctx);
  });
}
