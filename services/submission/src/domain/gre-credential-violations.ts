import type { FieldError } from "@einvoice/domain";
import { SHAPE_ERRORS } from "@einvoice/platform";

/** SUNAT's client ids are UUIDs, but third-party GRE gateways use other shapes: refuse only garbage. */
const CLIENT_ID = /^[A-Za-z0-9._-]{1,100}$/;
const MAX_SECRET_LENGTH = 200;

/** Every problem with a GRE pair, each naming its public field (`client_id`, `client_secret`). */
export function greCredentialViolations(clientId: string, clientSecret: string): FieldError[] {
  const violations: FieldError[] = [];
  if (clientId === "")
    violations.push({
      param: "client_id",
      code: SHAPE_ERRORS.parameter_missing.code,
      message: "client_id is required.",
    });
  else if (!CLIENT_ID.test(clientId))
    violations.push({
      param: "client_id",
      code: SHAPE_ERRORS.parameter_invalid.code,
      message:
        "client_id must be 1 to 100 letters, digits, dots, hyphens or underscores (the id SUNAT shows under SOL > Credenciales API).",
    });
  if (clientSecret === "")
    violations.push({
      param: "client_secret",
      code: SHAPE_ERRORS.parameter_missing.code,
      message: "client_secret is required.",
    });
  else if (clientSecret.length > MAX_SECRET_LENGTH || /\s/.test(clientSecret))
    violations.push({
      param: "client_secret",
      code: SHAPE_ERRORS.parameter_invalid.code,
      message: `client_secret must be at most ${MAX_SECRET_LENGTH} characters without spaces.`,
    });
  return violations;
}
