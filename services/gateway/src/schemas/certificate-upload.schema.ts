import type { Violation } from "@einvoice/platform";

/**
 * JSON Schema of `PUT /v1/company/certificate`: either a PKCS#12 file (`pfx`, base64) with its `password`, or a
 * PEM `certificate` with its PEM `private_key`. Shapes only; signing proves the credentials can sign. The
 * body limit (`MAX_BODY_BYTES`, default 1 MiB) bounds the sizes.
 */
export const certificateUploadSchema = {
  $id: "CertificateUpload",
  description:
    "Either `pfx` with its `password`, or `certificate` with its `private_key` (the gateway refuses both or a half pair with 422).",
  type: "object",
  additionalProperties: false,
  properties: {
    /** Standard base64; line breaks allowed, as `base64` and `openssl base64` wrap lines. */
    pfx: {
      type: "string",
      minLength: 1,
      pattern: "^[A-Za-z0-9+/\\s]+={0,2}\\s*$",
      description: "Base64 of the .pfx/.p12 file; line breaks allowed.",
    },
    /** May be empty: some PKCS#12 files have no password. */
    password: { type: "string", maxLength: 256, description: "The PFX password; may be empty." },
    certificate: { type: "string", minLength: 1, description: "PEM X.509 certificate." },
    private_key: { type: "string", minLength: 1, description: "PEM private key (RSA), unencrypted." },
  },
} as const;

export interface CertificateUploadBody {
  pfx?: string;
  password?: string;
  certificate?: string;
  private_key?: string;
}

/**
 * Which of the two forms the body uses, as violations: JSON Schema can say this only with `oneOf`, whose errors
 * name no field. The body already passed {@link certificateUploadSchema}.
 */
export function certificateFormViolations(body: CertificateUploadBody): Violation[] {
  const pkcs12 = body.pfx !== undefined || body.password !== undefined;
  const pem = body.certificate !== undefined || body.private_key !== undefined;
  if (pkcs12 && pem) {
    return [
      {
        param: "pfx",
        code: "parameter_invalid",
        message: "Send either pfx and password, or certificate and private_key, not both.",
      },
    ];
  }
  const missing = (param: string): Violation => ({
    param,
    code: "parameter_missing",
    message: `${param} is required.`,
  });
  const absent = (fields: Record<string, string | undefined>) =>
    Object.entries(fields).flatMap(([param, value]) => (value === undefined ? [missing(param)] : []));
  if (pkcs12) return absent({ pfx: body.pfx, password: body.password });
  if (pem) return absent({ certificate: body.certificate, private_key: body.private_key });
  return [{ ...missing("pfx"), message: "Send pfx and password, or certificate and private_key." }];
}
