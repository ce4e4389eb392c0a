/** A UTF-16 surrogate without its partner: what a JSON escape such as `\ud800` decodes to. */
const UNPAIRED = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The dotted path of the first string (or key) in a parsed JSON body holding an unpaired surrogate, or null.
 * JSON.parse accepts `"\ud800"`, but it is no Unicode character: UTF-8, protobuf and XML cannot carry it, so such
 * a body is refused at the door instead of failing deep inside a service.
 */
export function unpairedSurrogateAt(value: unknown, path = ""): string | null {
  if (typeof value === "string") return UNPAIRED.test(value) ? path || "body" : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = unpairedSurrogateAt(item, path ? `${path}.${i}` : String(i));
      if (found) return found;
    }
    return null;
  }
  if (value === null || typeof value !== "object") return null;
  for (const [key, item] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    if (UNPAIRED.test(key)) return here;
    const found = unpairedSurrogateAt(item, here);
    if (found) return found;
  }
  return null;
}
