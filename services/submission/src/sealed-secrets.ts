import type { ServiceSecrets } from "@einvoice/platform";
import { greCredentialsCollection } from "./adapters/gre-credential-repository.js";
import { solCredentialsCollection } from "./adapters/sol-credential-repository.js";
import { greTokensCollection } from "./gre/gre-token-cache.js";

/**
 * Everything submission keeps sealed at rest, for the master key rotation (`npm run admin -- master-key rotate`).
 * A new sealed field must be listed here, or a rotation would leave it under the old key.
 */
export const submissionSecrets: ServiceSecrets = {
  service: "submission",
  key: { variable: "SUBMISSION_MASTER_KEY", file: "submission-master.key" },
  previousVariable: "SUBMISSION_MASTER_KEYS_PREVIOUS",
  fields: [
    {
      collection: solCredentialsCollection,
      field: "password_box",
      context: (record) => record._id,
      label: "SOL passwords",
    },
    {
      collection: greCredentialsCollection,
      field: "client_secret_box",
      context: (record) => record._id,
      label: "GRE client secrets",
    },
    {
      collection: greTokensCollection,
      field: "token_box",
      context: (record) => record._id,
      label: "GRE access tokens",
    },
  ],
};
