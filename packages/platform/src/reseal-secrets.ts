import type { MasterKeySource } from "./master-key.js";
import {
  decryptSecretBytes,
  encryptSecret,
  type MasterKeys,
  SecretBoxError,
  sealedWith,
} from "./secret-box.js";

/**
 * One stored field that holds a secret box: which collection, which field, and the context it was sealed with.
 * Services describe their sealed fields with this, and the master key rotation re-seals each of them.
 */
export interface SealedField {
  /** The collection's spec (the store's `CollectionSpec`), so a rotation can open it as the service does. */
  collection: { name: string; indexes?: { fields: string[]; unique?: boolean }[] };
  /** Top-level field holding the box. */
  field: string;
  /** The associated data the box was sealed with, from the record (usually its id). */
  context: (record: { _id: string }) => string;
  /** What the field holds, for the report (e.g. `SOL passwords`). */
  label: string;
}

/** Everything one service keeps sealed, and where its master keys come from. */
export interface ServiceSecrets {
  /** The service, which names its database (`<service>.sqlite` or `einvoice_<service>`). */
  service: string;
  /** The current key's variable and embedded-mode file (as the service resolves it). */
  key: MasterKeySource;
  /** The variable listing the previous keys (e.g. `SIGNING_MASTER_KEYS_PREVIOUS`). */
  previousVariable: string;
  fields: SealedField[];
}

/**
 * The part of a store collection a re-seal needs; structural, so this package needs no store dependency (the
 * store's `Collection` fits it).
 */
export interface ResealableCollection {
  find(
    filter: { _id: { $gt: string } },
    options: { sort: { field: string; direction: 1 }[]; limit: number },
  ): Promise<Record<string, unknown>[]>;
  updateOne(filter: Record<string, string>, set: Record<string, string>): Promise<unknown>;
}

/** What a re-seal did to one field; record ids only, never secret material. */
export interface ResealReport {
  label: string;
  collection: string;
  field: string;
  /** Re-sealed under the current key now. */
  resealed: number;
  /** Already under the current key (a re-run finds everything here). */
  current: number;
  /** Replaced by the service between the read and the write; left as written (run again to cover them). */
  changed: number;
  /** Records whose box no configured key opens, with the id of the key that sealed each when the box says. */
  unreadable: { id: string; sealedWith: string | undefined }[];
}

const PAGE = 200;

/**
 * Re-seals every box of `field` under the current key. Idempotent: boxes already sealed with the current key
 * are not touched. Each write is a compare-and-set on the old box, so a credential the service replaces
 * meanwhile is never overwritten with an older value. Opening checks the box against its record (context), so
 * nothing is moved between records.
 */
export async function resealField(
  collection: ResealableCollection,
  sealed: SealedField,
  keys: MasterKeys,
): Promise<ResealReport> {
  const report: ResealReport = {
    label: sealed.label,
    collection: sealed.collection.name,
    field: sealed.field,
    resealed: 0,
    current: 0,
    changed: 0,
    unreadable: [],
  };
  let after = "";
  for (;;) {
    const page = await collection.find(
      { _id: { $gt: after } },
      { sort: [{ field: "_id", direction: 1 }], limit: PAGE },
    );
    for (const record of page) {
      const id = String(record._id);
      const box = record[sealed.field];
      if (typeof box !== "string" || box === "") continue;
      if (keys.sealsWithCurrent(box)) {
        report.current++;
        continue;
      }
      let plaintext: Buffer;
      try {
        plaintext = decryptSecretBytes(box, keys, sealed.context({ _id: id }));
      } catch (error) {
        if (!(error instanceof SecretBoxError)) throw error;
        report.unreadable.push({ id, sealedWith: sealedWith(box) });
        continue;
      }
      const resealed = encryptSecret(plaintext, keys, sealed.context({ _id: id }));
      plaintext.fill(0);
      const updated = await collection.updateOne(
        { _id: id, [sealed.field]: box },
        { [sealed.field]: resealed },
      );
      if (updated) report.resealed++;
      else report.changed++;
    }
    if (page.length < PAGE) return report;
    after = String(page[page.length - 1]?._id);
  }
}
