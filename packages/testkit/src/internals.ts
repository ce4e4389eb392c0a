/**
 * What must never reach a caller: protobuf bookkeeping (`$typeName`, any `$` key), stack traces, and paths of the
 * machine that answered. Returns one line per finding, naming where in the body it is; empty when clean.
 */
/** JSON Schema's own keywords (an OpenAPI document has them); any other `$` key is internal. */
const SCHEMA_KEYWORDS = new Set(["$ref", "$schema", "$id", "$defs", "$comment", "$anchor", "$dynamicRef"]);

export function internalsIn(body: unknown, path = "body"): string[] {
  if (typeof body === "string") return leaksIn(body).map((leak) => `${path}: ${leak}`);
  if (Array.isArray(body)) return body.flatMap((item, i) => internalsIn(item, `${path}[${i}]`));
  if (body === null || typeof body !== "object") return [];
  return Object.entries(body).flatMap(([key, value]) => [
    ...(key.startsWith("$") && !SCHEMA_KEYWORDS.has(key) ? [`${path}.${key}: an internal key`] : []),
    ...internalsIn(value, `${path}.${key}`),
  ]);
}

const LEAKS: [RegExp, string][] = [
  [/\n\s+at .+\(.*:\d+:\d+\)|\n\s+at .+:\d+:\d+/, "a stack trace"],
  [/(^|[\s'"(])\/(work|home|root|tmp|usr|opt|var)\/[\w./-]+/, "a file path"],
  [/node_modules\//, "a file path"],
  [/file:\/\//, "a file URL"],
  [/\.(ts|js|mjs):\d+/, "a source location"],
];

function leaksIn(text: string): string[] {
  return LEAKS.filter(([pattern]) => pattern.test(text)).map(([, what]) => what);
}
