/**
 * Key and content-type rules shared by every adapter, so a key accepted by the filesystem store is accepted by
 * MinIO and the other way round. Keys are `/`-separated segments; no segment may be empty or start with `.` (which
 * excludes `.` and `..`, and leaves dot-names free for the filesystem adapter's temporary files).
 */
import { InvalidContentTypeError } from "./errors.js";
import { InvalidObjectKeyError } from "./port.js";

/** S3's limit on key length, in UTF-8 bytes. */
const MAX_KEY_BYTES = 1024;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused.
const CONTROL = /[\u0000-\u001f\u007f]/;
const CONTENT_TYPE = /^[\x20-\x7e]{1,255}$/;

export function assertObjectKey(key: string): void {
  if (
    typeof key !== "string" ||
    key.length === 0 ||
    Buffer.byteLength(key) > MAX_KEY_BYTES ||
    key.includes("\\") ||
    CONTROL.test(key) ||
    key.split("/").some((segment) => segment.length === 0 || segment.startsWith("."))
  ) {
    throw new InvalidObjectKeyError(key);
  }
}

export function assertContentType(contentType: string): void {
  if (typeof contentType !== "string" || !CONTENT_TYPE.test(contentType)) {
    throw new InvalidContentTypeError(contentType);
  }
}
