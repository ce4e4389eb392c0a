import { openStore, type Store } from "@einvoice/store";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { apiKeysCollection } from "../adapters/api-key-repository.js";
import { CompanyRepository, companiesCollection } from "../adapters/company-repository.js";
import { ApiKeyHasher } from "./api-keys.js";
import { Authenticate } from "./authenticate.js";
import { CreateApiKey } from "./create-api-key.js";
import { DEV_COMPANY, EnsureDevCompany } from "./ensure-dev-company.js";

const hasher = new ApiKeyHasher(Buffer.alloc(32, 7));

describe("EnsureDevCompany", () => {
  let store: Store;
  let ensure: EnsureDevCompany;

  beforeEach(async () => {
    store = await openStore({ engine: "sqlite", file: ":memory:" });
    await store.ensure([companiesCollection, apiKeysCollection]);
    ensure = new EnsureDevCompany(store, hasher);
  });

  afterEach(async () => {
    await store.close();
  });

  it("should create the test company and a test key that opens it on an empty store", async () => {
    const first = await ensure.execute(undefined);
    expect(first).toMatchObject({ company_id: expect.stringMatching(/^cmp_/), created: true });
    expect(first.api_key).toMatch(/^sk_test_/);
    const caller = await new Authenticate(store, hasher).execute(first.api_key);
    expect(caller).toMatchObject({
      livemode: false,
      company: { _id: first.company_id, ruc: DEV_COMPANY.ruc },
    });
  });

  it("should keep a saved key that still opens its company", async () => {
    const first = await ensure.execute(undefined);
    expect(await ensure.execute(first.api_key)).toEqual({ ...first, created: false });
    expect(await new CompanyRepository(store).list()).toHaveLength(1);
  });

  it.each([
    ["unknown to this store", "sk_test_0000000000000000000000000000"],
    ["malformed", "not-a-key"],
  ])("should make a new test key for the same company when the saved key is %s", async (_, savedKey) => {
    const first = await ensure.execute(undefined);
    const second = await ensure.execute(savedKey);
    expect(second).toMatchObject({ company_id: first.company_id, created: true });
    expect(second.api_key).not.toBe(first.api_key);
    expect(await new CompanyRepository(store).list()).toHaveLength(1);
  });

  it("should not hand out a live key as the test key", async () => {
    const first = await ensure.execute(undefined);
    const live = await new CreateApiKey(store, hasher).execute(first.company_id, true);
    const second = await ensure.execute(live.secret);
    expect(second.created).toBe(true);
    expect(second.api_key).toMatch(/^sk_test_/);
  });
});
