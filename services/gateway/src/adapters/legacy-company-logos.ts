import type { CollectionSpec, Store } from "@einvoice/store";
import {
  type CompanyLogo,
  type CompanySettingsRecord,
  companySettingsCollection,
} from "./company-settings-repository.js";

/** Where a company's logo was kept before it joined its settings record; emptied at boot by {@link moveLegacyLogos}. */
export const legacyCompanyLogosCollection: CollectionSpec = { name: "company_logos" };

type LegacyLogoRecord = CompanyLogo & { _id: string; company_id: string; livemode: boolean };

/**
 * Moves each logo still in `company_logos` into its settings record, then deletes it there, one transaction per
 * logo, so a restart finds nothing left to move. A settings record that already has a logo field (set or removed
 * since) keeps it: the old record is stale then. Returns how many logos were moved.
 */
export async function moveLegacyLogos(store: Store): Promise<number> {
  const legacy = await store.collection<LegacyLogoRecord>(legacyCompanyLogosCollection).find({});
  let moved = 0;
  for (const { _id, company_id, livemode, ...logo } of legacy) {
    moved += await store.transaction(async (tx) => {
      const settings = tx.collection<CompanySettingsRecord>(companySettingsCollection);
      const current = await settings.findOne({ _id });
      let took = 0;
      if (current === null) {
        await settings.insertOne({ _id, company_id, livemode, logo, updated_at: logo.updated_at });
        took = 1;
      } else if (current.logo === undefined) {
        await settings.updateOne({ _id }, { logo });
        took = 1;
      }
      await tx.collection<LegacyLogoRecord>(legacyCompanyLogosCollection).deleteOne({ _id });
      return took;
    });
  }
  return moved;
}
