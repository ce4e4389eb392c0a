import { SqliteStore } from "@einvoice/store";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ApiKeyRepository, apiKeysCollection } from "../adapters/api-key-repository.js";
import { companiesCollection } from "../adapters/company-repository.js";
import { ApiKeyHasher } from "./api-keys.js";
import { Authenticate, KEY_RECHECK_MS } from "./authenticate.js";
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

  it("should trust a key it looked up for KEY_RECHECK_MS, then refuse it once revoked", async () => {
    const { id, secret } = await new CreateApiKey(store, hasher).execute(companyId, false);
    let now = new Date("2026-11-23T10:00:00.000Z");
    const authenticate = new Authenticate(store, hasher, () => now, KEY_RECHECK_MS);
    expect((await authenticate.execute(secret))?.company._id).toBe(companyId);
    await new ApiKeyRepository(store).revoke(id, now.toISOString());
    now = new Date(now.getTime() + KEY_RECHECK_MS - 1);
    // Still within the bound: the store is not read again.
    expect(await authenticate.execute(secret)).not.toBeNull();
    now = new Date(now.getTime() + 1);
    expect(await authenticate.execute(secret)).toBeNull();
    now = new Date(now.getTime() + 10);
    expect(await authenticate.execute(secret)).toBeNull();
  });

  it("should not remember a key it did not find: a key created afterwards opens at once", async () => {
    const secret = "sk_test_0123456789abcdefghijABCDEFGHIJ01";
    const authenticate = new Authenticate(store, hasher, () => new Date(), KEY_RECHECK_MS);
    expect(await authenticate.execute(secret)).toBeNull();
    await new ApiKeyRepository(store).insert({
      _id: "key_1",
      company_id: companyId,
      livemode: false,
      hash: hasher.hash(secret),
      redacted: "sk_test_…IJ01",
      created_at: new Date().toISOString(),
      revoked_at: null,
    });
    expect((await authenticate.execute(secret))?.company._id).toBe(companyId);
  });

  it("should write last_used_at once a minute while the key is remembered", async () => {
    const { secret } = await new CreateApiKey(store, hasher).execute(companyId, false);
    let now = new Date("2026-11-23T10:00:00Z");
    const authenticate = new Authenticate(store, hasher, () => now, 120_000);
    await Promise.all([authenticate.execute(secret), authenticate.execute(secret)]);
    const lastUsed = async () =>
      (await new ApiKeyRepository(store).listByCompany(companyId))[0]!.last_used_at;
    expect(await lastUsed()).toBe("2026-11-23T10:00:00.000Z");
    now = new Date("2026-11-23T10:00:59Z");
    await authenticate.execute(secret);
    expect(await lastUsed()).toBe("2026-11-23T10:00:00.000Z");
    now = new Date("2026-11-23T10:01:01Z");
    await authenticate.execute(secret);
    expect(await lastUsed()).toBe("2026-11-23T10:01:01.000Z");
  });
});
