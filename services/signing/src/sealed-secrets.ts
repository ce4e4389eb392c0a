import type { ServiceSecrets } from "@einvoice/platform";
import { credentialsCollection } from "./adapters/credential-repository.js";

/**
 * Everything signing keeps sealed at rest, for the master key rotation (`npm run admin -- master-key rotate`).
 * A new sealed field must be listed here, or a rotation would leave it under the old key.
 */
export const signingSecrets: ServiceSecrets = {
  service: "signing",
  key: { variable: "SIGNING_MASTER_KEY", file: "signing-master.key" },
  previousVariable: "SIGNING_MASTER_KEYS_PREVIOUS",
  fields: [
    {
      collection: credentialsCollection,
      field: "private_key_box",
      context: (record) => record._id,
      label: "certificate private keys",
    },
  ],
};
