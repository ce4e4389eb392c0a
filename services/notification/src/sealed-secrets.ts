import type { ServiceSecrets } from "@einvoice/platform";
import { webhookEndpointsCollection } from "./adapters/webhook-repository.js";
import { webhookSecretContext } from "./usecases/webhook-endpoints.js";

/**
 * Everything notification keeps sealed at rest, for the master key rotation (`npm run admin -- master-key
 * rotate`). A new sealed field must be listed here, or a rotation would leave it under the old key.
 */
export const notificationSecrets: ServiceSecrets = {
  service: "notification",
  key: { variable: "WEBHOOK_SECRETS_KEY", file: "webhook-secrets.key" },
  previousVariable: "WEBHOOK_SECRETS_KEYS_PREVIOUS",
  fields: [
    {
      collection: webhookEndpointsCollection,
      field: "secret_box",
      context: (record) => webhookSecretContext(record._id),
      label: "webhook signing secrets",
    },
  ],
};
