/**
 * JSON Schema of `PUT /v1/company/gre_credentials`. The submission service checks the same rules again, since the
 * admin CLI reaches it without the gateway.
 */
export const greCredentialsSchema = {
  $id: "GreCredentials",
  description:
    "The company's credentials for SUNAT's guide API (GRE REST), created in SOL under Credenciales API, for the key's mode. Despatch advices need them in live mode besides the certificate and the SOL user (spec despatch rule 13). Stored encrypted; the secret is never returned.",
  type: "object",
  additionalProperties: false,
  required: ["client_id", "client_secret"],
  properties: {
    client_id: {
      type: "string",
      minLength: 1,
      maxLength: 100,
      description:
        "The API client id SUNAT shows (a UUID), 1–100 letters, digits, dots, hyphens or underscores.",
      examples: ["7d3f7c6e-1b2a-4c5d-9e8f-0a1b2c3d4e5f"],
    },
    client_secret: {
      type: "string",
      minLength: 1,
      maxLength: 200,
      description: "The API client secret, 1–200 characters without spaces. Never returned.",
    },
  },
} as const;

export interface GreCredentialsBody {
  client_id: string;
  client_secret: string;
}
