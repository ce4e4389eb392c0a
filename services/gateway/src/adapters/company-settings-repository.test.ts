import { SqliteStore } from "@einvoice/store";
import { describe, expect, it } from "vitest";
import { CompanyLogoRepository } from "./company-logo-repository.js";
import {
  type CompanyLogo,
  CompanySettingsRepository,
  companySettingsCollection,
} from "./company-settings-repository.js";
import { legacyCompanyLogosCollection, moveLegacyLogos } from "./legacy-company-logos.js";

const test = { companyId: "cmp_1", livemode: false };
const live = { companyId: "cmp_1", livemode: true };

const logo = (key: string): CompanyLogo => ({
  key,
  format: "png",
  content_type: "image/png",
  size: 100,
  width: 10,
  height: 10,
  sha256: "ab".repeat(32),
  updated_at: "2026-11-28T10:00:00.000Z",
});

async function openStore() {
  const store = SqliteStore.open(":memory:");
  await store.ensure([companySettingsCollection, legacyCompanyLogosCollection]);
  return store;
}

describe("the company's settings, as a create reads them", () => {
  it("gives the regime and the logo in one record, each change keeping the other, per mode", async () => {
    const store = await openStore();
    const settings = new CompanySettingsRepository(store);
    const logos = new CompanyLogoRepository(store);
    expect(await settings.issuing(test)).toEqual({ igvRegime: "general" });
    await logos.save(test, logo("logos/a.png"));
    expect(await settings.issuing(test)).toEqual({ igvRegime: "general", logoKey: "logos/a.png" });
    await settings.setIgvRegime(test, "restaurants_hotels", new Date());
    expect(await settings.issuing(test)).toEqual({ igvRegime: "restaurants_hotels", logoKey: "logos/a.png" });
    await logos.save(test, logo("logos/b.png"));
    expect(await settings.issuing(test)).toEqual({ igvRegime: "restaurants_hotels", logoKey: "logos/b.png" });
    expect(await logos.remove(test)).toBe(true);
    expect(await logos.remove(test)).toBe(false);
    expect(await settings.issuing(test)).toEqual({ igvRegime: "restaurants_hotels" });
    expect(await logos.find(test)).toBeNull();
    expect(await settings.issuing(live)).toEqual({ igvRegime: "general" });
  });

  it("moves the logos kept in company_logos into the settings once, never over a newer choice", async () => {
    const store = await openStore();
    const legacy = store.collection<CompanyLogo & { _id: string; company_id: string; livemode: boolean }>(
      legacyCompanyLogosCollection,
    );
    const other = { companyId: "cmp_2", livemode: false };
    await legacy.insertOne({
      _id: "cmp_1:test",
      company_id: "cmp_1",
      livemode: false,
      ...logo("logos/old.png"),
    });
    await legacy.insertOne({
      _id: "cmp_1:live",
      company_id: "cmp_1",
      livemode: true,
      ...logo("logos/live.png"),
    });
    await legacy.insertOne({
      _id: "cmp_2:test",
      company_id: "cmp_2",
      livemode: false,
      ...logo("logos/gone.png"),
    });
    const settings = new CompanySettingsRepository(store);
    await settings.setIgvRegime(test, "restaurants_hotels", new Date());
    // Removed since (as a replica already running this code would record it): the old record must not come back.
    await settings.change(other, { logo: null, updated_at: new Date().toISOString() });

    expect(await moveLegacyLogos(store)).toBe(2);
    expect(await settings.issuing(test)).toEqual({
      igvRegime: "restaurants_hotels",
      logoKey: "logos/old.png",
    });
    expect(await settings.issuing(live)).toEqual({ igvRegime: "general", logoKey: "logos/live.png" });
    expect(await settings.issuing(other)).toEqual({ igvRegime: "general" });
    expect(await legacy.count({})).toBe(0);
    expect(await moveLegacyLogos(store)).toBe(0);
  });
});
