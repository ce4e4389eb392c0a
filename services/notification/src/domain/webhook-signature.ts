import { createHmac, randomBytes } from "node:crypto";

/** A new endpoint secret: `whsec_` + base64 of 24 random bytes (the Standard Webhooks form). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}

/**
 * The Standard Webhooks headers of one delivery attempt: `webhook-id` (the event id, the same on every retry),
 * `webhook-timestamp` (Unix seconds of this attempt) and `webhook-signature`, `v1,` + base64 HMAC-SHA256 of
 * `id.timestamp.body` keyed with the secret's base64-decoded bytes. `body` is exactly the bytes sent.
 */
export function signatureHeaders(
  secret: string,
  id: string,
  timestampSeconds: number,
  body: string,
): Record<string, string> {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const signature = createHmac("sha256", key).update(`${id}.${timestampSeconds}.${body}`).digest("base64");
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestampSeconds),
    "webhook-signature": `v1,${signature}`,
  };
}
