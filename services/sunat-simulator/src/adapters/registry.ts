import type { Collection, CollectionSpec, Store } from "@einvoice/store";

/** What the simulated SUNAT has registered: one entry per document identity, as SUNAT keeps it. */
export interface Registration {
  /** `RUC-TT-SERIE-NUMERO` */
  _id: string;
  outcome: "accepted" | "observed" | "rejected";
  response_code: string;
  description: string;
  /**
   * Base64 of the `R-….zip` CDR. Rejections get one too (built at registration), so getStatusCdr can hand
   * it out later as SUNAT does; null only in registrations written by older simulator versions.
   */
  cdr_zip: string | null;
  registered_at: string;
  /** The RA (`RUC-RA-YYYYMMDD-N`) that voided the document, once one was accepted. */
  voided_by?: string | null;
}

export const registrationsCollection: CollectionSpec = { name: "registrations" };

/** Counter of successful registrations of one identity: must never pass 1, which tests check. */
export const registrationsCounter = (id: string) => `registrations:${id}`;

export class Registry {
  private readonly registrations: Collection<Registration>;

  constructor(private readonly store: Store) {
    this.registrations = store.collection<Registration>(registrationsCollection);
  }

  find(id: string): Promise<Registration | null> {
    return this.registrations.findOne({ _id: id });
  }

  /** Registers and counts it in one transaction. Throws DuplicateKeyError when the identity is taken. */
  register(registration: Registration): Promise<void> {
    return this.store.transaction(async (tx) => {
      await tx.collection<Registration>(registrationsCollection).insertOne(registration);
      await tx.counters.increment(registrationsCounter(registration._id));
    });
  }

  /** Marks documents as voided by an accepted comunicación de baja. */
  async markVoided(ids: string[], by: string): Promise<void> {
    await this.store.transaction(async (tx) => {
      const registrations = tx.collection<Registration>(registrationsCollection);
      for (const id of ids) await registrations.updateOne({ _id: id }, { voided_by: by });
    });
  }
}
