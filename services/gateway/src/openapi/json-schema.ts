/**
 * Small typed builders for the JSON Schema (2020-12) parts of the OpenAPI document the proto does not give (the
 * resources, with their nulls, are generated from it). The types tie a response schema to the TypeScript type it
 * describes: every key of the type must have a schema, no other key may, and the keys left out of `required` are
 * exactly the optional ones.
 */

/** Any JSON Schema object. */
export type JsonSchema = { readonly [keyword: string]: unknown };

/**
 * `{ $ref }` to a schema of `components.schemas`, with the description of the place that uses it (OpenAPI 3.1
 * lets `description` sit beside `$ref`; it overrides the target's).
 */
export const schemaRef = (name: string, description?: string): JsonSchema => ({
  $ref: `#/components/schemas/${name}`,
  ...(description ? { description } : {}),
});

type OptionalKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? K : never }[keyof T];

/** One schema per key of `T`. */
type PropertiesOf<T> = { [K in keyof T]-?: JsonSchema };

type OptionalSpec<T> = [OptionalKeys<T>] extends [never]
  ? { optional?: Record<never, true> }
  : { optional: { [K in OptionalKeys<T>]: true } };

/**
 * An object schema describing `T`. `optional` must name every optional key of `T` (and only those); the
 * others are `required`. Response objects stay open to new fields (no `additionalProperties: false`).
 */
export function objectSchema<T>() {
  return (spec: { description: string; properties: PropertiesOf<T> } & OptionalSpec<T>): JsonSchema => {
    const optional = new Set(Object.keys(spec.optional ?? {}));
    return {
      type: "object",
      description: spec.description,
      required: Object.keys(spec.properties).filter((key) => !optional.has(key)),
      properties: spec.properties,
    };
  };
}

export const constant = (value: string, description: string): JsonSchema => ({
  type: "string",
  const: value,
  description,
});
