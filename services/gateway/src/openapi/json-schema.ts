/**
 * Small typed builders for the JSON Schema (2020-12) parts of the OpenAPI document. The types tie each
 * response schema to the TypeScript type it describes: every key of the type must have a schema, no other
 * key may, a key whose type admits `null` has no builder here (the resources with nulls are generated from
 * proto), and the keys left out of `required` are exactly the optional ones.
 */

/** Any JSON Schema object; the builders below add the guarantees. */
export type JsonSchema = { readonly [keyword: string]: unknown };

declare const nullableBrand: unique symbol;

/** A schema that also accepts `null` (type-level mark only): what a null-admitting key would need. */
export type NullableSchema = JsonSchema & { readonly [nullableBrand]: true };

/** A schema that does not accept `null`. */
export type PlainSchema = JsonSchema & { readonly [nullableBrand]?: never };

/**
 * `{ $ref }` to a schema of `components.schemas`, with the description of the place that uses it (OpenAPI 3.1
 * lets `description` sit beside `$ref`; it overrides the target's).
 */
export const schemaRef = (name: string, description?: string): PlainSchema => ({
  $ref: `#/components/schemas/${name}`,
  ...(description ? { description } : {}),
});

type OptionalKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? K : never }[keyof T];

/**
 * `T` as the public API presents it (`withNulls` in `@einvoice/contracts`): every optional key is present, and
 * null when unset, so a resource always has the same keys.
 */
export type Presented<T> = T extends readonly (infer U)[]
  ? Presented<U>[]
  : T extends object
    ? {
        [K in keyof T]-?: K extends OptionalKeys<T>
          ? Presented<Exclude<T[K], undefined>> | null
          : Presented<T[K]>;
      }
    : T;

/** One schema per key of `T`; a {@link NullableSchema} exactly where `T[K]` admits null. */
export type PropertiesOf<T> = { [K in keyof T]-?: null extends T[K] ? NullableSchema : PlainSchema };

type OptionalSpec<T> = [OptionalKeys<T>] extends [never]
  ? { optional?: Record<never, true> }
  : { optional: { [K in OptionalKeys<T>]: true } };

/**
 * An object schema describing `T`. `optional` must name every optional key of `T` (and only those); the
 * others are `required`. Response objects stay open to new fields (no `additionalProperties: false`).
 */
export function objectSchema<T>() {
  return (spec: { description: string; properties: PropertiesOf<T> } & OptionalSpec<T>): PlainSchema => {
    const optional = new Set(Object.keys(spec.optional ?? {}));
    return {
      type: "object",
      description: spec.description,
      required: Object.keys(spec.properties).filter((key) => !optional.has(key)),
      properties: spec.properties,
    };
  };
}

export const constant = (value: string, description: string): PlainSchema => ({
  type: "string",
  const: value,
  description,
});
