import type { LogoFormat, Scope } from "@einvoice/domain";
import type { Collection, CollectionSpec, TransactionScope } from "@einvoice/store";

/** The company's current logo in one mode: which stored bytes new documents print. */
export interface CompanyLogoRecord {
  /** `<companyId>:<test|live>`. */
  _id: string;
  company_id: string;
  livemode: boolean;
  /** Object key of the bytes, named by their SHA-256 (`logoObjectKey`). */
  key: string;
  format: LogoFormat;
  content_type: string;
  /** Size of the file in bytes. */
  size: number;
  width: number;
  height: number;
  /** SHA-256 of the file, hex. */
  sha256: string;
  updated_at: string;
}

/** A logo as the use cases see it, without the scope's fields. */
export type CompanyLogo = Omit<CompanyLogoRecord, "_id" | "company_id" | "livemode">;

export const companyLogosCollection: CollectionSpec = { name: "company_logos" };

const idOf = (scope: Scope) => `${scope.companyId}:${scope.livemode ? "live" : "test"}`;

export class CompanyLogoRepository {
  private readonly logos: Collection<CompanyLogoRecord>;

  constructor(scope: TransactionScope) {
    this.logos = scope.collection<CompanyLogoRecord>(companyLogosCollection);
  }

  find(scope: Scope): Promise<CompanyLogoRecord | null> {
    return this.logos.findOne({ _id: idOf(scope) });
  }

  save(scope: Scope, logo: CompanyLogo): Promise<void> {
    return this.logos.upsert({
      _id: idOf(scope),
      company_id: scope.companyId,
      livemode: scope.livemode,
      ...logo,
    });
  }

  /** True when there was a logo to remove. */
  remove(scope: Scope): Promise<boolean> {
    return this.logos.deleteOne({ _id: idOf(scope) });
  }
}
