import type { Collection, CollectionSpec, Store } from "@einvoice/store";

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

  constructor(private readonly store: Store) {
    this.signatures = store.collection<SignatureRecord>(signaturesCollection);
  }

  find(companyId: string, livemode: boolean, documentId: string): Promise<SignatureRecord | null> {
    return this.signatures.findOne({ _id: documentId, company_id: companyId, livemode });
  }

  /**
   * Not durable: the row only spares a redelivery the signing, and the signed XML it points to was made durable
   * before it. Lost in a power cut, a redelivery finds that XML instead and rebuilds the row from it (see
   * `signOnceAndAnnounce`); without a redelivery nothing reads the row.
   */
  insert(record: SignatureRecord): Promise<void> {
    return this.store.transaction(
      (tx) => tx.collection<SignatureRecord>(signaturesCollection).insertOne(record),
      {
        durable: false,
      },
    );
  }
}
