import { SqliteStore } from "@einvoice/store";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ApiKeyRepository, apiKeysCollection } from "../adapters/api-key-repository.js";
import { companiesCollection } from "../adapters/company-repository.js";
import { ApiKeyHasher } from "./api-keys.js";
import { Authenticate } from "./authenticate.js";
import { CreateApiKey } from "./create-api-key.js";
import { CreateCompany } from "./create-company.js";

describe("API keys at rest", () => {
  let store: SqliteStore;
  let companyId: string;
  const hasher = new ApiKeyHasher(Buffer.alloc(32, 1));

  beforeEach(async () => {
    store = SqliteStore.open(":memory:");
    await store.ensure([companiesCollection, apiKeysCollection]);
    companyId = (
      await new CreateCompany(store).execute({
        ruc: "20000000001",
        legal_name: "EMPRESA SAC",
        address: { line: "Av. 1" },
      })
    )._id;
  });

  afterEach(async () => {
    await store.close();
  });

  it("should store a peppered hash, never the key, and open requests with it", async () => {
    const { id, secret } = await new CreateApiKey(store, hasher).execute(companyId, false);
    const [record] = await new ApiKeyRepository(store).listByCompany(companyId);
    expect(record!.hash).toBe(hasher.hash(secret));
    expect(record!.hash).not.toBe(hasher.legacyHash(secret));
    expect(JSON.stringify(record)).not.toContain(secret);
    expect((await new Authenticate(store, hasher).execute(secret))?.company._id).toBe(companyId);
    // Another pepper cannot open it: a copy of the database alone confirms nothing.
    expect(await new Authenticate(store, new ApiKeyHasher(Buffer.alloc(32, 2))).execute(secret)).toBeNull();
    expect((await new ApiKeyRepository(store).listByCompany(companyId))[0]!._id).toBe(id);
  });

  it("should keep last_used_at, written at most once a minute", async () => {
    const { secret } = await new CreateApiKey(store, hasher).execute(companyId, false);
    let now = new Date("2026-11-23T10:00:00Z");
    const authenticate = new Authenticate(store, hasher, () => now);
    await authenticate.execute(secret);
    now = new Date("2026-11-23T10:00:30Z");
    await authenticate.execute(secret);
    expect((await new ApiKeyRepository(store).listByCompany(companyId))[0]!.last_used_at).toBe(
      "2026-11-23T10:00:00.000Z",
    );
    now = new Date("2026-11-23T10:01:01Z");
    await authenticate.execute(secret);
    expect((await new ApiKeyRepository(store).listByCompany(companyId))[0]!.last_used_at).toBe(
      "2026-11-23T10:01:01.000Z",
    );
  });

  it("should open a key stored before the pepper once more and re-hash it", async () => {
    const { secret } = await new CreateApiKey(store, hasher).execute(companyId, false);
    const keys = new ApiKeyRepository(store);
    const [record] = await keys.listByCompany(companyId);
    await keys.update(record!._id, { hash: hasher.legacyHash(secret) });
    expect(await new Authenticate(store, hasher).execute(secret)).not.toBeNull();
    expect((await keys.listByCompany(companyId))[0]!.hash).toBe(hasher.hash(secret));
  });

  it("should refuse a revoked key at once", async () => {
    const { id, secret } = await new CreateApiKey(store, hasher).execute(companyId, true);
    await new ApiKeyRepository(store).revoke(id, new Date().toISOString());
    expect(await new Authenticate(store, hasher).execute(secret)).toBeNull();
  });
});
