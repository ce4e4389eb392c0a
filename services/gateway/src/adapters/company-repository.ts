import type { Company } from "@einvoice/domain";
import type { Collection, CollectionSpec, TransactionScope } from "@einvoice/store";

/**
 * A company that issues documents: the fields of the public `Company` that are not per mode, stored as it presents
 * them. Companies are not mode-scoped: one company has test and live keys.
 */
export interface CompanyRecord
  extends Pick<Company, "ruc" | "legal_name" | "trade_name" | "address" | "created_at"> {
  _id: string;
}

export const companiesCollection: CollectionSpec = {
  name: "companies",
  indexes: [{ fields: ["ruc"], unique: true }],
};

export class CompanyRepository {
  private readonly companies: Collection<CompanyRecord>;

  constructor(scope: TransactionScope) {
    this.companies = scope.collection<CompanyRecord>(companiesCollection);
  }

  insert(record: CompanyRecord): Promise<void> {
    return this.companies.insertOne(record);
  }

  findById(id: string): Promise<CompanyRecord | null> {
    return this.companies.findOne({ _id: id });
  }

  list(): Promise<CompanyRecord[]> {
    return this.companies.find({}, { sort: [{ field: "created_at", direction: 1 }] });
  }
}
