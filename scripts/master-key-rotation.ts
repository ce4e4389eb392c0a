import { existsSync } from "node:fs";
import { notificationSecrets } from "@einvoice/notification/sealed-secrets";
import {
  MasterKeys,
  parseMasterKeyList,
  type ResealReport,
  readMasterKey,
  resealField,
  type ServiceSecrets,
  storeConfig,
} from "@einvoice/platform";
import { signingSecrets } from "@einvoice/signing/sealed-secrets";
import { openStore } from "@einvoice/store";
import { submissionSecrets } from "@einvoice/submission/sealed-secrets";

/** Every service that seals secrets at rest, each with its own master key. */
export const SEALING_SERVICES: readonly ServiceSecrets[] = [
  signingSecrets,
  submissionSecrets,
  notificationSecrets,
];

/** What a rotation did in one service; key ids and record ids only, never key material or secrets. */
export interface ServiceRotation {
  service: string;
  /** Why nothing was done (no key or no database here); absent when the service's data was re-sealed. */
  skipped?: string;
  currentKey?: string;
  previousKeys?: string[];
  previousVariable: string;
  fields: ResealReport[];
}

export class RotationConfigError extends Error {
  override readonly name = "RotationConfigError";
}

/**
 * Re-seals every stored secret of each service under its current master key (`npm run admin -- master-key
 * rotate`). Reads the same variables as the services (`DATA_DIR`, `MONGODB_URL`, each `…_MASTER_KEY` and its
 * `…_PREVIOUS` list); creates no key and no database: a service that never ran here is reported as skipped.
 * Safe to run while the services run (each write is a compare-and-set) and to run again (current boxes are
 * left alone).
 */
export async function rotateMasterKeys(
  env: Record<string, string | undefined>,
  services: readonly ServiceSecrets[] = SEALING_SERVICES,
): Promise<ServiceRotation[]> {
  const dataDir = env.DATA_DIR || ".data";
  const results: ServiceRotation[] = [];
  for (const secrets of services) {
    const base = { service: secrets.service, previousVariable: secrets.previousVariable, fields: [] };
    let previous: Buffer[];
    try {
      previous = parseMasterKeyList(env[secrets.previousVariable] ?? "");
    } catch (error) {
      throw new RotationConfigError(`${secrets.previousVariable}: ${(error as Error).message}`);
    }
    const current = await readMasterKey(env[secrets.key.variable] || undefined, dataDir, secrets.key);
    if (!current) {
      results.push({
        ...base,
        skipped: `no master key (${secrets.key.variable} is unset and ${dataDir}/${secrets.key.file} does not exist)`,
      });
      continue;
    }
    const config = storeConfig(
      { DATA_DIR: dataDir, MONGODB_URL: env.MONGODB_URL || undefined },
      secrets.service,
    );
    if (config.engine === "sqlite" && !existsSync(config.file)) {
      results.push({ ...base, skipped: `no database (${config.file} does not exist)` });
      continue;
    }
    const keys = new MasterKeys(current, previous);
    const store = await openStore(config);
    try {
      await store.ensure(secrets.fields.map((f) => f.collection));
      const fields: ResealReport[] = [];
      for (const field of secrets.fields)
        fields.push(
          await resealField(
            store.collection<{ _id: string } & Record<string, unknown>>(field.collection),
            field,
            keys,
          ),
        );
      results.push({
        ...base,
        currentKey: keys.current.id,
        previousKeys: keys.previous.map((k) => k.id),
        fields,
      });
    } finally {
      await store.close();
    }
  }
  return results;
}

/** Whether anything is left that the current key did not seal (unreadable, or changed during the run). */
export const rotationIncomplete = (results: readonly ServiceRotation[]) =>
  results.some((r) => r.fields.some((f) => f.unreadable.length > 0 || f.changed > 0));

/** The report the CLI prints: counts, key ids and record ids, never secret material. */
export function formatRotation(results: readonly ServiceRotation[]): string {
  const lines: string[] = [];
  for (const r of results) {
    if (r.skipped) {
      lines.push(`${r.service}: skipped, ${r.skipped}`);
      continue;
    }
    const previous = r.previousKeys?.length ? `previous ${r.previousKeys.join(", ")}` : "no previous keys";
    lines.push(`${r.service}: current key ${r.currentKey}, ${previous}`);
    for (const f of r.fields) {
      const parts = [`${f.resealed} re-sealed`, `${f.current} already current`];
      if (f.changed) parts.push(`${f.changed} changed during the run (run again)`);
      if (f.unreadable.length) parts.push(`${f.unreadable.length} unreadable`);
      lines.push(`  ${f.label} (${f.collection}.${f.field}): ${parts.join(", ")}`);
      for (const u of f.unreadable) {
        const by = u.sealedWith ? `sealed with key ${u.sealedWith}` : "sealed before key ids";
        lines.push(`    cannot open ${u.id} (${by}): add the key that sealed it to ${r.previousVariable}`);
      }
    }
    const clean = r.fields.every((f) => f.unreadable.length === 0 && f.changed === 0);
    if (clean)
      lines.push(
        r.previousKeys?.length
          ? `  everything is sealed with ${r.currentKey}: ${r.previousVariable} can now be emptied`
          : `  everything is sealed with ${r.currentKey}`,
      );
  }
  return lines.join("\n");
}
