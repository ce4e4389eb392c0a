import type { VerdictOutcome } from "@einvoice/domain";
import { type Collection, type CollectionSpec, DuplicateKeyError, type Store } from "@einvoice/store";
import type { RegisteredFacts } from "../domain/note-payment-rules.js";

/** What the simulated SUNAT has registered: one entry per document identity, as SUNAT keeps it. */
export interface Registration {
  /** `RUC-TT-SERIE-NUMERO` */
  _id: string;
  outcome: VerdictOutcome;
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
  /** An invoice's or receipt's issue date, total and FormaPago, for the rules of a note that modifies it. */
  facts?: RegisteredFacts | null;
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

  /**
   * Registers a verdict with its CDR. Returns false when the identity was registered meanwhile (a concurrent
   * send won): the caller answers 1033, as SUNAT does.
   */
  async registerVerdict(
    id: string,
    outcome: Registration["outcome"],
    verdict: { responseCode: string; description: string },
    cdrZip: Buffer,
    at: Date,
    facts?: RegisteredFacts,
  ): Promise<boolean> {
    try {
      await this.register({
        _id: id,
        outcome,
        response_code: verdict.responseCode,
        description: verdict.description,
        cdr_zip: cdrZip.toString("base64"),
        registered_at: at.toISOString(),
        ...(facts ? { facts } : {}),
      });
      return true;
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
  }

  /** Marks documents as voided by an accepted comunicación de baja. */
  async markVoided(ids: string[], by: string): Promise<void> {
    await this.store.transaction(async (tx) => {
      const registrations = tx.collection<Registration>(registrationsCollection);
      for (const id of ids) await registrations.updateOne({ _id: id }, { voided_by: by });
    });
  }
}
