import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { OpenApiDocument, Reference } from "../src/openapi/openapi-types.js";

/** Test helpers over the built document: JSON pointers, `$ref`s and JSON Schema 2020-12 validation. */

// ajv-formats is CommonJS: its default export arrives wrapped under ESM (as in validate.ts).
const addFormats = addFormatsModule as unknown as { default?: (ajv: Ajv2020) => Ajv2020 };
const applyFormats = addFormats.default ?? (addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020);

/** A base URI for the document inside ajv; the document's own `$ref`s are all local (`#/…`). */
const BASE = "https://einvoice.test/v1/openapi.json";

export const isReference = (value: unknown): value is Reference =>
  typeof value === "object" && value !== null && typeof (value as { $ref?: unknown }).$ref === "string";

/** Escapes one JSON pointer token. */
export const pointerToken = (token: string) => token.replace(/~/g, "~0").replace(/\//g, "~1");

/** The value at a local `$ref` (`#/a/b`), or undefined. */
export function resolvePointer(root: unknown, ref: string): unknown {
  if (!ref.startsWith("#")) return undefined;
  const tokens = ref === "#" ? [] : ref.slice(2).split("/");
  let node: unknown = root;
  for (const raw of tokens) {
    const token = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    if (typeof node !== "object" || node === null || !(token in node)) return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}

/** Follows `$ref`s (OpenAPI objects, not schemas) until a plain object. */
export function deref<T>(doc: OpenApiDocument, value: T | Reference): T {
  let node: unknown = value;
  for (let hops = 0; isReference(node); hops++) {
    if (hops > 10) throw new Error(`$ref loop at ${node.$ref}`);
    const target = resolvePointer(doc, node.$ref);
    if (target === undefined) throw new Error(`unresolved $ref ${node.$ref}`);
    node = target;
  }
  return node as T;
}

/** Every node of a JSON value with its pointer. */
export function* walk(value: unknown, pointer = "#"): Generator<{ pointer: string; node: unknown }> {
  yield { pointer, node: value };
  if (typeof value !== "object" || value === null) return;
  for (const [key, child] of Object.entries(value)) yield* walk(child, `${pointer}/${pointerToken(key)}`);
}

/**
 * Compiles the document's JSON-Schema parts with ajv 8's draft 2020-12 class, strict (unknown keywords such
 * as OpenAPI 3.0's `nullable` or `example` fail; union types are allowed, as in validate.ts), with formats.
 * Schemas are addressed by their pointer in the document, so their `$ref`s resolve against the document.
 */
export class DocumentSchemas {
  private readonly ajv: Ajv2020;

  constructor(doc: OpenApiDocument) {
    this.ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
    applyFormats(this.ajv);
    // The document's top-level fields are not schema keywords: known to ajv as annotations, never compiled.
    this.ajv.addVocabulary(Object.keys(doc));
    // A JSON copy: the real schema objects are also compiled by the gateway's own ajv, and ajv keeps
    // per-object caches.
    this.ajv.addSchema({ $id: BASE, ...JSON.parse(JSON.stringify(doc)) });
  }

  /** The compiled schema at a pointer such as `#/components/schemas/Document`. */
  compile(pointer: string): ValidateFunction {
    const validate = this.ajv.getSchema(`${BASE}${pointer}`);
    if (!validate) throw new Error(`no schema at ${pointer}`);
    return validate;
  }

  /** ajv's errors for `data` against the schema at `pointer`; empty when valid. */
  errors(pointer: string, data: unknown): ErrorObject[] {
    const validate = this.compile(pointer);
    return validate(data) ? [] : (validate.errors ?? []);
  }
}
