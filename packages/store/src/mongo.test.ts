/**
 * Runs the store contract against a real MongoDB replica set when MONGODB_URL is set, e.g.
 * `MONGODB_URL=mongodb://host:27017/?replicaSet=rs0 npx vitest run packages/store`. No MongoDB server can be
 * installed on the build machines, hence the skip; every test database is dropped afterwards.
 */
import { randomBytes } from "node:crypto";
import { MongoClient } from "mongodb";
import { afterAll, describe } from "vitest";
import { runStoreContract } from "./contract.js";
import { openStore } from "./open-store.js";

const url = process.env.MONGODB_URL;

describe.skipIf(!url)("mongodb engine", () => {
  const run = `store_contract_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const databases: string[] = [];

  afterAll(async () => {
    const client = await new MongoClient(url!).connect();
    try {
      for (const name of databases) await client.db(name).dropDatabase();
    } finally {
      await client.close();
    }
  });

  runStoreContract("mongodb", () => {
    const database = `${run}_${databases.length + 1}`;
    databases.push(database);
    return openStore({ engine: "mongodb", url: url!, database });
  });
});
