import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Issuer } from "@einvoice/domain";
import { encryptSecret, MasterKeys, resealField, SecretBoxError, storeConfig } from "@einvoice/platform";
import { openStore, type Store } from "@einvoice/store";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type WebhookEndpointRecord,
  webhookEndpointsCollection,
} from "../services/notification/src/adapters/webhook-repository.js";
import {
  endpointSecret,
  webhookSecretContext,
} from "../services/notification/src/usecases/webhook-endpoints.js";
import { credentialsCollection } from "../services/signing/src/adapters/credential-repository.js";
import { CredentialVault } from "../services/signing/src/usecases/credential-vault.js";
import {
  GreCredentialStore,
  greCredentialsCollection,
} from "../services/submission/src/adapters/gre-credential-repository.js";
import {
  SolCredentialStore,
  solCredentialsCollection,
} from "../services/submission/src/adapters/sol-credential-repository.js";
import { GreTokenCache, greTokensCollection } from "../services/submission/src/gre/gre-token-cache.js";
import { submissionSecrets } from "../services/submission/src/sealed-secrets.js";
import { formatRotation, rotateMasterKeys, rotationIncomplete } from "./master-key-rotation.js";

const issuer: Issuer = {
  ruc: "20123456786",
  legal_name: "COMERCIAL ANDINA S.A.C.",
  address: { line: "Av. Lima 123", establishment_code: "0000", country_code: "PE" },
};
/** A SOL box written by the secret box before key ids (v1), with Buffer.alloc(32, 7), for `cmp_1:live`. */
const LEGACY_SOL_BOX =
  "v1.P6ZCt_wHVCYWTRT7A5KwlXlZ59jZKKUxi8bCZ5YVelRZ8pxtKK-3smnY-IaqhxM14yFR-8bi3DCiM34n09Dk";
const LEGACY_KEY = Buffer.alloc(32, 7);
const b64 = (key: Buffer) => key.toString("base64");

let dataDir: string;
const old = { signing: randomBytes(32), submission: LEGACY_KEY, notification: randomBytes(32) };
const fresh = { signing: randomBytes(32), submission: randomBytes(32), notification: randomBytes(32) };

const COLLECTIONS = {
  signing: [credentialsCollection],
  submission: [solCredentialsCollection, greCredentialsCollection, greTokensCollection],
  notification: [webhookEndpointsCollection],
};

/** The service's store as the service opens it (same file under DATA_DIR, same collections). */
async function open(service: keyof typeof COLLECTIONS): Promise<Store> {
  const store = await openStore(storeConfig({ DATA_DIR: dataDir, MONGODB_URL: undefined }, service));
  await store.ensure(COLLECTIONS[service]);
  return store;
}

/** What the services stored before the rotation, in plain text, to compare with after it. */
interface Seeded {
  privateKeyPem: string;
  solPasswords: Record<string, string>;
  greSecret: string;
  greToken: string;
  webhookSecret: string;
}

/** Stores secrets the way the services do, every one sealed with the old keys (one SOL box in the v1 format). */
async function seed(): Promise<Seeded> {
  const signing = await open("signing");
  const privateKeyPem = (await new CredentialVault(signing, old.signing).forIssuer("cmp_1", false, issuer))
    .privateKeyPem;
  await signing.close();

  const submission = await open("submission");
  const sol = new SolCredentialStore(submission, old.submission);
  await sol.set("cmp_1", true, { user: "USUARIO1", password: "placeholder" });
  await submission
    .collection(solCredentialsCollection)
    .updateOne({ _id: "cmp_1:live" }, { password_box: LEGACY_SOL_BOX });
  await sol.set("cmp_2", false, { user: "USUARIO2", password: "sol-pass-two" });
  await new GreCredentialStore(submission, old.submission).set("cmp_1", true, {
    clientId: "client-1",
    clientSecret: "gre-client-secret",
  });
  await new GreTokenCache(submission, old.submission).save(
    { company_id: "cmp_1", livemode: true },
    "client-1",
    { accessToken: "gre-access-token", expiresIn: 3600 },
    new Date(),
  );
  await submission.close();

  const notification = await open("notification");
  const now = new Date().toISOString();
  await notification.collection<WebhookEndpointRecord>(webhookEndpointsCollection).insertOne({
    _id: "we_1",
    company_id: "cmp_1",
    livemode: false,
    url: "https://example.com/hook",
    events: ["*"],
    enabled: true,
    description: "",
    secret_box: encryptSecret("whsec_secret", old.notification, webhookSecretContext("we_1")),
    created_at: now,
    updated_at: now,
  });
  await notification.close();
  return {
    privateKeyPem,
    solPasswords: { "cmp_1:live": "old sol password ñ", "cmp_2:test": "sol-pass-two" },
    greSecret: "gre-client-secret",
    greToken: "gre-access-token",
    webhookSecret: "whsec_secret",
  };
}

/** Reads every seeded secret back through the services' own repositories, with the given keys only. */
async function readAll(keys: { signing: MasterKeys; submission: MasterKeys; notification: MasterKeys }) {
  const signing = await open("signing");
  const submission = await open("submission");
  const notification = await open("notification");
  try {
    const sol = new SolCredentialStore(submission, keys.submission);
    const endpoint = await notification
      .collection<WebhookEndpointRecord>(webhookEndpointsCollection)
      .findOne({ _id: "we_1" });
    return {
      privateKeyPem: (await new CredentialVault(signing, keys.signing).forIssuer("cmp_1", false, issuer))
        .privateKeyPem,
      solPasswords: {
        "cmp_1:live": (await sol.find("cmp_1", true))?.password,
        "cmp_2:test": (await sol.find("cmp_2", false))?.password,
      },
      greSecret: (await new GreCredentialStore(submission, keys.submission).find("cmp_1", true))
        ?.clientSecret,
      greToken: await new GreTokenCache(submission, keys.submission).fresh(
        { company_id: "cmp_1", livemode: true },
        "client-1",
        new Date(),
      ),
      webhookSecret: endpointSecret(endpoint!, keys.notification),
    };
  } finally {
    await Promise.all([signing.close(), submission.close(), notification.close()]);
  }
}

/** Every sealed box in the three stores, by collection and id. */
async function boxes(): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  const read = async (store: Store, spec: { name: string }, field: string) => {
    for (const record of await store.collection<{ _id: string } & Record<string, unknown>>(spec).find({}))
      found[`${spec.name}/${record._id}`] = record[field] as string;
  };
  const signing = await open("signing");
  const submission = await open("submission");
  const notification = await open("notification");
  await read(signing, credentialsCollection, "private_key_box");
  await read(submission, solCredentialsCollection, "password_box");
  await read(submission, greCredentialsCollection, "client_secret_box");
  await read(submission, greTokensCollection, "token_box");
  await read(notification, webhookEndpointsCollection, "secret_box");
  await Promise.all([signing.close(), submission.close(), notification.close()]);
  return found;
}

const rotationEnv = () => ({
  DATA_DIR: dataDir,
  SIGNING_MASTER_KEY: b64(fresh.signing),
  SIGNING_MASTER_KEYS_PREVIOUS: b64(old.signing),
  // Submission in embedded mode: its current key is the file in DATA_DIR (written below), only the old key in env.
  SUBMISSION_MASTER_KEYS_PREVIOUS: b64(old.submission),
  WEBHOOK_SECRETS_KEY: b64(fresh.notification),
  WEBHOOK_SECRETS_KEYS_PREVIOUS: ` ${b64(randomBytes(32))}, ${b64(old.notification)} `,
});

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "master-key-rotation-"));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe("npm run admin -- master-key rotate", () => {
  it("re-seals every stored secret under the new keys, so the old keys can be removed", async () => {
    const seeded = await seed();
    await writeFile(join(dataDir, "submission-master.key"), b64(fresh.submission), { mode: 0o600 });

    const results = await rotateMasterKeys(rotationEnv());
    const counts = Object.fromEntries(
      results.flatMap((r) => r.fields.map((f) => [`${r.service} ${f.label}`, [f.resealed, f.current]])),
    );
    expect(counts).toEqual({
      "signing certificate private keys": [1, 0],
      "submission SOL passwords": [2, 0],
      "submission GRE client secrets": [1, 0],
      "submission GRE access tokens": [1, 0],
      "notification webhook signing secrets": [1, 0],
    });
    expect(rotationIncomplete(results)).toBe(false);

    const newOnly = {
      signing: new MasterKeys(fresh.signing),
      submission: new MasterKeys(fresh.submission),
      notification: new MasterKeys(fresh.notification),
    };
    for (const [name, box] of Object.entries(await boxes())) {
      const service = name.startsWith("credentials/")
        ? "signing"
        : name.startsWith("webhook_endpoints/")
          ? "notification"
          : "submission";
      expect(newOnly[service].sealsWithCurrent(box), name).toBe(true);
    }
    expect(await readAll(newOnly)).toEqual(seeded);
    const oldOnly = {
      signing: new MasterKeys(old.signing),
      submission: new MasterKeys(old.submission),
      notification: new MasterKeys(old.notification),
    };
    await expect(readAll(oldOnly)).rejects.toThrow(SecretBoxError);
    for (const service of ["signing", "submission", "notification"] as const) {
      const keys = { ...newOnly, [service]: oldOnly[service] };
      await expect(readAll(keys), service).rejects.toThrow(
        /sealed with master key .* which is not configured/,
      );
    }

    const report = formatRotation(results);
    expect(report).toContain(`signing: current key ${newOnly.signing.current.id}`);
    expect(report).toContain("SIGNING_MASTER_KEYS_PREVIOUS can now be emptied");
    const material = [...Object.values(old), ...Object.values(fresh)].flatMap((k) => [
      b64(k),
      k.toString("hex"),
    ]);
    for (const secret of [
      ...material,
      ...Object.values(seeded.solPasswords),
      seeded.greSecret,
      seeded.greToken,
    ])
      expect(report).not.toContain(secret);
    expect(report).not.toContain("PRIVATE KEY");
  });

  it("is safe to run again: nothing is re-sealed twice and the boxes stay as they are", async () => {
    await seed();
    await writeFile(join(dataDir, "submission-master.key"), b64(fresh.submission), { mode: 0o600 });
    await rotateMasterKeys(rotationEnv());
    const after = await boxes();

    const again = await rotateMasterKeys(rotationEnv());
    for (const field of again.flatMap((r) => r.fields)) {
      expect(field.resealed, field.label).toBe(0);
      expect(field.current, field.label).toBeGreaterThan(0);
    }
    expect(await boxes()).toEqual(after);
    // Once re-sealed, the previous keys are no longer needed by the rotation either.
    const withoutPrevious = await rotateMasterKeys({
      DATA_DIR: dataDir,
      SIGNING_MASTER_KEY: b64(fresh.signing),
      WEBHOOK_SECRETS_KEY: b64(fresh.notification),
    });
    expect(rotationIncomplete(withoutPrevious)).toBe(false);
    expect(formatRotation(withoutPrevious)).not.toContain("can now be emptied");
  });

  it("names what no configured key opens, re-seals the rest, and reports the run as incomplete", async () => {
    const seeded = await seed();
    await writeFile(join(dataDir, "submission-master.key"), b64(fresh.submission), { mode: 0o600 });
    const stray = new MasterKeys(randomBytes(32));
    const submission = await open("submission");
    await new SolCredentialStore(submission, stray).set("cmp_3", true, {
      user: "U3",
      password: "stray-password",
    });
    await submission.close();

    const results = await rotateMasterKeys(rotationEnv());
    const sol = results
      .find((r) => r.service === "submission")!
      .fields.find((f) => f.label === "SOL passwords")!;
    expect(sol).toMatchObject({
      resealed: 2,
      unreadable: [{ id: "cmp_3:live", sealedWith: stray.current.id }],
    });
    expect(rotationIncomplete(results)).toBe(true);
    const report = formatRotation(results);
    expect(report).toContain(
      `cannot open cmp_3:live (sealed with key ${stray.current.id}): add the key that sealed it to SUBMISSION_MASTER_KEYS_PREVIOUS`,
    );
    expect(report).not.toContain("stray-password");
    expect(report).not.toContain("SUBMISSION_MASTER_KEYS_PREVIOUS can now be emptied");
    // The rest was re-sealed all the same.
    expect(
      (
        await readAll({
          signing: new MasterKeys(fresh.signing),
          submission: new MasterKeys(fresh.submission),
          notification: new MasterKeys(fresh.notification),
        })
      ).solPasswords,
    ).toEqual(seeded.solPasswords);
  });

  it("creates no key and no database where a service never ran, and refuses a malformed previous key", async () => {
    const results = await rotateMasterKeys({ DATA_DIR: dataDir, SIGNING_MASTER_KEY: b64(fresh.signing) });
    expect(results.map((r) => [r.service, r.skipped?.split(" (")[0]])).toEqual([
      ["signing", "no database"],
      ["submission", "no master key"],
      ["notification", "no master key"],
    ]);
    expect(await readdir(dataDir)).toEqual([]);
    const short = b64(randomBytes(8));
    await expect(
      rotateMasterKeys({ DATA_DIR: dataDir, SUBMISSION_MASTER_KEYS_PREVIOUS: short }),
    ).rejects.toThrow(/^SUBMISSION_MASTER_KEYS_PREVIOUS: entry 1 is not base64 of 32 bytes$/);
  });

  it("pages through large collections and never overwrites a value the service replaced during the run", async () => {
    const store = await open("submission");
    try {
      const sol = new SolCredentialStore(store, old.submission);
      for (let i = 0; i < 450; i++)
        await sol.set(`cmp_${String(i).padStart(3, "0")}`, false, { user: `U${i}`, password: `pw-${i}` });
      const keys = new MasterKeys(fresh.submission, [old.submission]);
      const real = store.collection<{ _id: string } & Record<string, unknown>>(solCredentialsCollection);
      let replaced = false;
      // The service sets cmp_300's password again (under the old key, as a replica not yet restarted would)
      // between the rotation's read of that page and its write.
      const racing = {
        find: async (...args: Parameters<typeof real.find>) => {
          const page = await real.find(...args);
          if (!replaced && page.some((r) => r._id === "cmp_300:test")) {
            replaced = true;
            await sol.set("cmp_300", false, { user: "U300", password: "set-during-rotation" });
          }
          return page;
        },
        updateOne: real.updateOne.bind(real),
      };
      const field = submissionSecrets.fields.find((f) => f.field === "password_box")!;
      const report = await resealField(racing, field, keys);
      expect(report).toMatchObject({ resealed: 449, current: 0, changed: 1, unreadable: [] });
      const after = new SolCredentialStore(store, keys);
      expect((await after.find("cmp_300", false))?.password).toBe("set-during-rotation");
      expect((await after.find("cmp_449", false))?.password).toBe("pw-449");

      // Running again picks up the one left behind.
      const again = await resealField(real, field, keys);
      expect(again).toMatchObject({ resealed: 1, current: 449, changed: 0 });
      const newOnly = new SolCredentialStore(store, new MasterKeys(fresh.submission));
      expect((await newOnly.find("cmp_300", false))?.password).toBe("set-during-rotation");
      expect((await newOnly.find("cmp_000", false))?.password).toBe("pw-0");
    } finally {
      await store.close();
    }
  });
});
