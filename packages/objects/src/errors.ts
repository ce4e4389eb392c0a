/** Errors of the object store besides the port's `InvalidObjectKeyError`. */

/** A content type that could not be stored as an HTTP header value. */
export class InvalidContentTypeError extends Error {
  override readonly name = "InvalidContentTypeError";
  constructor(readonly contentType: string) {
    super(`invalid content type: ${JSON.stringify(contentType)}`);
  }
}

/**
 * The filesystem cannot hold both `a` and `a/b` (a file and a directory of the same name), which S3 allows.
 * Keys are designed hierarchically (`<kind>/<ruc>/<id>.xml`) so this signals a key-scheme bug.
 */
export class ObjectKeyConflictError extends Error {
  override readonly name = "ObjectKeyConflictError";
  constructor(
    readonly key: string,
    options?: { cause?: unknown },
  ) {
    super(
      `object key ${JSON.stringify(key)} conflicts with an existing key that is its prefix or extension`,
      options,
    );
  }
}
