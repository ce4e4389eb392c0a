/** A document could not be signed (bad credentials, unsupported input, a signature already present…). */
export class SigningError extends Error {
  override readonly name = "SigningError";
}
