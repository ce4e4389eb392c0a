/**
 * JSON Schema of `PUT /v1/company/sol_credentials`. The submission service checks the same rules again, since
 * the admin CLI reaches it without the gateway.
 */
export const solCredentialsSchema = {
  $id: "SolCredentials",
  description:
    "The company's SOL credentials (Clave SOL) for the key's mode: submission sends them to SUNAT with every document, as user `<RUC><user>`. Stored encrypted; the password is never returned.",
  type: "object",
  additionalProperties: false,
  required: ["user", "password"],
  properties: {
    /** The SOL user without the RUC, e.g. `MODDATOS`: 1–20 letters and digits. */
    user: {
      type: "string",
      pattern: "^[A-Za-z0-9]{1,20}$",
      description:
        "The SOL user without the RUC (the RUC is the company's), 1–20 letters and digits, e.g. `MODDATOS` (SUNAT beta's public user).",
      examples: ["MODDATOS"],
    },
    password: {
      type: "string",
      minLength: 1,
      maxLength: 100,
      description: "The SOL password, 1–100 characters. Never returned.",
    },
  },
} as const;

export interface SolCredentialsBody {
  user: string;
  password: string;
}
