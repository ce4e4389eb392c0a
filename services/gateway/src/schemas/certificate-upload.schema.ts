import type { FieldError } from "@einvoice/domain";
import { SHAPE_ERRORS } from "@einvoice/platform";

/**
 * JSON Schema of `PUT /v1/company/certificate`: either a PKCS#12 file (`pfx`, base64) with its `password`, or a
 * PEM `certificate` with its PEM `private_key`. Shapes only; signing proves the credentials can sign. The
 * body limit (`MAX_BODY_BYTES`, default 1 MiB) bounds the sizes.
 */
export const certificateUploadSchema = {
  $id: "CertificateUpload",
  description:
    "The company's digital certificate for the key's mode, in one of two forms: `pfx` with its `password`, or `certificate` with its `private_key`. Both forms, or half a pair, answer 422 naming the missing or extra field. The key must be RSA and match the certificate, and the certificate valid today; signing refuses anything else with 422 naming the field to fix.",
  type: "object",
  additionalProperties: false,
  properties: {
    /** Standard base64; line breaks allowed, as `base64` and `openssl base64` wrap lines. */
    pfx: {
      type: "string",
      minLength: 1,
      pattern: "^[A-Za-z0-9+/\\s]+={0,2}\\s*$",
      description:
        "The PKCS#12 file (.pfx/.p12) holding the certificate and its RSA private key, standard base64 (line breaks allowed, as `base64` and `openssl base64` wrap lines). Not a PKCS#12: `invalid_pfx`. Required with `password` in the PKCS#12 form; omit it in the PEM form.",
      examples: ["MIIKAgEDMIIJ+AYJKoZIhvcNAQcBoIIJ6QSCCeUwggnhMIIFBgYJKoZIhvcNAQcB"],
    },
    /** May be empty: some PKCS#12 files have no password. */
    password: {
      type: "string",
      maxLength: 256,
      description:
        "The password that opens `pfx`, up to 256 characters; may be empty when the file has none. Wrong: `wrong_password`. Required with `pfx`; omit it in the PEM form.",
    },
    certificate: {
      type: "string",
      minLength: 1,
      description:
        "The X.509 certificate, PEM (`-----BEGIN CERTIFICATE-----`…). Unreadable: `invalid_certificate`; expired or not yet valid: `certificate_expired`, `certificate_not_yet_valid`. Required with `private_key` in the PEM form; omit it in the PKCS#12 form.",
    },
    private_key: {
      type: "string",
      minLength: 1,
      description:
        "Its RSA private key, unencrypted PEM (`-----BEGIN PRIVATE KEY-----` or `-----BEGIN RSA PRIVATE KEY-----`). Unreadable: `invalid_private_key`; not RSA: `unsupported_key`; not the certificate's: `key_certificate_mismatch`. Required with `certificate`; omit it in the PKCS#12 form.",
    },
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
export function certificateFormViolations(body: CertificateUploadBody): FieldError[] {
  const pkcs12 = body.pfx !== undefined || body.password !== undefined;
  const pem = body.certificate !== undefined || body.private_key !== undefined;
  if (pkcs12 && pem) {
    return [
      {
        param: "pfx",
        code: SHAPE_ERRORS.parameter_invalid.code,
        message: "Send either pfx and password, or certificate and private_key, not both.",
      },
    ];
  }
  const missing = (param: string): FieldError => ({
    param,
    code: SHAPE_ERRORS.parameter_missing.code,
    message: `${param} is required.`,
  });
  const absent = (fields: Record<string, string | undefined>) =>
    Object.entries(fields).flatMap(([param, value]) => (value === undefined ? [missing(param)] : []));
  if (pkcs12) return absent({ pfx: body.pfx, password: body.password });
  if (pem) return absent({ certificate: body.certificate, private_key: body.private_key });
  return [{ ...missing("pfx"), message: "Send pfx and password, or certificate and private_key." }];
}
