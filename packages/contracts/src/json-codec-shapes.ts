/** What the built conversions of `JsonCodec` share: which message types they handle, and how they give up. */
import { type DescField, type DescMessage, ScalarType } from "@bufbuild/protobuf";
import { Edition } from "@bufbuild/protobuf/wkt";

/** A message as the built functions see it: its fields by local name. */
export type Message = Record<string, unknown>;

/** Thrown inside a built function when the value is not one it handles; `JsonCodec` then asks protobuf-es. */
export const GIVE_UP = Symbol("give up");

/** `DescField.presence` values (google.protobuf.FeatureSet.FieldPresence). */
export const EXPLICIT = 1;
export const IMPLICIT = 2;

/** The built functions of the nested message type `desc`, or null when protobuf-es converts that type. */
export type Lookup<F> = (desc: DescMessage) => F | null;

/**
 * The built functions of a nested type, looked up on first use (a type may contain itself); GIVE_UP when
 * protobuf-es converts that type.
 */
export function lazily<F>(lookup: Lookup<F>, desc: DescMessage): () => F {
  let built: F | null | undefined;
  return () => {
    built ??= lookup(desc);
    if (built === null) throw GIVE_UP;
    return built;
  };
}

const INT32_MIN = -0x80000000;
const INT32_MAX = 0x7fffffff;

/**
 * A scalar as it stands both in a message and in its JSON (our handled types are the same value on both sides);
 * GIVE_UP for anything else. It takes the stricter of protobuf-es's two directions: reading refuses a lone
 * surrogate and an int32 out of range, writing passes them on as they are, and giving up on them there only
 * leaves the same answer to protobuf-es.
 */
export function scalarValue(scalar: ScalarType): (value: unknown) => string | boolean | number {
  switch (scalar) {
    case ScalarType.STRING:
      return (value) => {
        // A lone surrogate cannot be encoded as UTF-8.
        if (typeof value !== "string" || !value.isWellFormed()) throw GIVE_UP;
        return value;
      };
    case ScalarType.BOOL:
      return (value) => {
        if (typeof value !== "boolean") throw GIVE_UP;
        return value;
      };
    case ScalarType.DOUBLE:
      return (value) => {
        // NaN and ±Infinity are strings in JSON ("NaN"), and "1e3" is a number written as a string.
        if (typeof value !== "number" || !Number.isFinite(value)) throw GIVE_UP;
        return value;
      };
    default: // int32
      return (value) => {
        if (typeof value !== "number" || !Number.isInteger(value) || value < INT32_MIN || value > INT32_MAX)
          throw GIVE_UP;
        return value;
      };
  }
}

/**
 * The conversion of one field's value, either way (a list whole, for list fields): scalars pass as they are
 * (`scalarValue`), messages go through `message` (the reader's or the writer's of that type), lists item by item.
 * `O` is what the direction passes along (the reader's options; nothing for the writer).
 */
export function valueConversion<O>(
  field: DescField,
  message: (desc: DescMessage) => (value: unknown, options: O) => unknown,
): (value: unknown, options: O) => unknown {
  switch (field.fieldKind) {
    case "scalar":
      return scalarValue(field.scalar);
    case "message":
      return message(field.message);
    case "list": {
      const item = field.listKind === "message" ? message(field.message) : scalarValue(field.scalar!);
      return (list, options) => {
        if (!Array.isArray(list)) throw GIVE_UP;
        const converted: unknown[] = new Array(list.length);
        // A null item gives up too (protobuf-es refuses it): neither a scalar nor a message takes null.
        for (let i = 0; i < list.length; i++) converted[i] = item(list[i], options);
        return converted;
      };
    }
    default:
      throw new Error(`${field.fieldKind} field ${field.name} is not built here`);
  }
}

/**
 * Whether every field of the type is of a kind built here. Nested message types are checked when their own
 * functions are built: one left to protobuf-es makes its parent give up only when such a value is present.
 */
export function handles(desc: DescMessage): boolean {
  // proto3 only: no default values, so a zero message needs no prototype chain (see `zeroMessage`).
  if (desc.typeName.startsWith("google.protobuf.") || desc.file.edition !== Edition.EDITION_PROTO3)
    return false;
  return desc.fields.every((field) => {
    if (field.presence !== IMPLICIT && field.presence !== EXPLICIT) return false; // proto2's required
    switch (field.fieldKind) {
      case "scalar":
        return SCALAR_ZEROS.has(field.scalar);
      case "message":
        return true;
      case "list":
        return (
          field.listKind === "message" || (field.listKind === "scalar" && SCALAR_ZEROS.has(field.scalar))
        );
      default: // enums and maps: not in our contracts
        return false;
    }
  });
}

/** The scalar types our contracts use, with their zero values (proto3); the others are left to protobuf-es. */
export const SCALAR_ZEROS: ReadonlyMap<ScalarType, string | boolean | number> = new Map<
  ScalarType,
  string | boolean | number
>([
  [ScalarType.STRING, ""],
  [ScalarType.BOOL, false],
  [ScalarType.INT32, 0],
  [ScalarType.DOUBLE, 0],
]);
