import type { Collection, CollectionSpec, TransactionScope } from "@einvoice/store";

/** The signed XML of a document: written once, so a redelivered message republishes instead of re-signing. */
export interface SignatureRecord {
  /** The document id. */
  _id: string;
  company_id: string;
  livemode: boolean;
  file_name: string;
  xml_key: string;
  hash: string;
  created_at: string;
}

/** Read by document id only: no index beyond the primary key, so storing one writes the table alone. */
export const signaturesCollection: CollectionSpec = { name: "signatures" };

export class SignatureRepository {
  private readonly signatures: Collection<SignatureRecord>;

  constructor(scope: TransactionScope) {
    this.signatures = scope.collection<SignatureRecord>(signaturesCollection);
  }

  find(companyId: string, livemode: boolean, documentId: string): Promise<SignatureRecord | null> {
    return this.signatures.findOne({ _id: documentId, company_id: companyId, livemode });
  }

  insert(record: SignatureRecord): Promise<void> {
    return this.signatures.insertOne(record);
  }
}
