import type { Collection, CollectionSpec, TransactionScope } from "@einvoice/store";

/** What the simulated SUNAT has registered: one entry per document identity, as SUNAT keeps it. */
export interface Registration {
  /** `RUC-TT-SERIE-NUMERO` */
  _id: string;
  outcome: "accepted" | "observed" | "rejected";
  response_code: string;
  description: string;
  /** Base64 of the `R-….zip` CDR; null for rejections answered with a fault. */
  cdr_zip: string | null;
  registered_at: string;
}

export const registrationsCollection: CollectionSpec = { name: "registrations" };

export class Registry {
  private readonly registrations: Collection<Registration>;

  constructor(scope: TransactionScope) {
    this.registrations = scope.collection<Registration>(registrationsCollection);
  }

  find(id: string): Promise<Registration | null> {
    return this.registrations.findOne({ _id: id });
  }

  /** Throws DuplicateKeyError when the identity is already registered. */
  register(registration: Registration): Promise<void> {
    return this.registrations.insertOne(registration);
  }
}
