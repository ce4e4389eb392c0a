/** What the built conversions of `JsonCodec` share: which message types they handle, and how they give up. */
import { type DescMessage, ScalarType } from "@bufbuild/protobuf";
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
        return HANDLED_SCALARS.has(field.scalar);
      case "message":
        return true;
      case "list":
        return (
          field.listKind === "message" || (field.listKind === "scalar" && HANDLED_SCALARS.has(field.scalar))
        );
      default: // enums and maps: not in our contracts
        return false;
    }
  });
}

/** The scalar types our contracts use; the others are left to protobuf-es. */
const HANDLED_SCALARS: ReadonlySet<ScalarType> = new Set([
  ScalarType.STRING,
  ScalarType.BOOL,
  ScalarType.INT32,
  ScalarType.DOUBLE,
]);
