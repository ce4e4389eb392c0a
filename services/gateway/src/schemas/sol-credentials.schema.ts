/**
 * JSON Schema of `PUT /v1/company/sol_credentials`. The submission service checks the same rules again, since
 * the admin CLI reaches it without the gateway.
 */
export const solCredentialsSchema = {
  $id: "SolCredentials",
  description: "The SOL user (without the RUC) and password of the key's mode.",
  type: "object",
  additionalProperties: false,
  required: ["user", "password"],
  properties: {
    /** The SOL user without the RUC, e.g. `MODDATOS`: 1–20 letters and digits. */
    user: {
      type: "string",
      pattern: "^[A-Za-z0-9]{1,20}$",
      description: "1–20 letters and digits, e.g. `MODDATOS`.",
    },
    password: { type: "string", minLength: 1, maxLength: 100 },
  },
} as const;

export interface SolCredentialsBody {
  user: string;
  password: string;
}
