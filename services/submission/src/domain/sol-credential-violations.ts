import type { FieldError } from "@einvoice/domain";
import { SHAPE_ERRORS } from "@einvoice/platform";

/** SOL users are short alphanumeric names SUNAT assigns inside the RUC (e.g. `MODDATOS`). */
const SOL_USER = /^[A-Za-z0-9]{1,20}$/;
/** Upper bound on the password length, in characters: SUNAT's are short; this only refuses garbage. */
const MAX_PASSWORD_LENGTH = 100;

/** Every problem with a SOL pair, each naming its public field (`user`, `password`). */
export function solCredentialViolations(user: string, password: string): FieldError[] {
  const violations: FieldError[] = [];
  if (user === "")
    violations.push({
      param: "user",
      code: SHAPE_ERRORS.parameter_missing.code,
      message: "user is required.",
    });
  else if (!SOL_USER.test(user))
    violations.push({
      param: "user",
      code: SHAPE_ERRORS.parameter_invalid.code,
      message: "user must be 1 to 20 letters and digits (the SOL user without the RUC, e.g. MODDATOS).",
    });
  if (password === "")
    violations.push({
      param: "password",
      code: SHAPE_ERRORS.parameter_missing.code,
      message: "password is required.",
    });
  else if (password.length > MAX_PASSWORD_LENGTH)
    violations.push({
      param: "password",
      code: SHAPE_ERRORS.parameter_invalid.code,
      message: `password must be at most ${MAX_PASSWORD_LENGTH} characters.`,
    });
  return violations;
}
