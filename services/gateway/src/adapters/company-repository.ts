import type { Collection, CollectionSpec, TransactionScope } from "@einvoice/store";

/** A company that issues documents. Companies are not mode-scoped: one company has test and live keys. */
export interface CompanyRecord {
  _id: string;
  ruc: string;
  legal_name: string;
  trade_name: string | null;
  address: {
    line: string;
    ubigeo: string | null;
    district: string | null;
    province: string | null;
    department: string | null;
    establishment_code: string;
    country_code: string;
  };
  created_at: string;
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
