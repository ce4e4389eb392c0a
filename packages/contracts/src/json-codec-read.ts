/** Canonical JSON (or a plain value of the same shape) → message, built once per message type (see `JsonCodec`). */
import type { DescField, DescMessage } from "@bufbuild/protobuf";
import {
  GIVE_UP,
  IMPLICIT,
  type Lookup,
  lazily,
  type Message,
  SCALAR_ZEROS,
  valueConversion,
} from "./json-codec-shapes.js";

export type Reader = (json: unknown, options: ReadOptions) => Message;

export interface ReadOptions {
  /** As protobuf-es's option: keys that are no field of the message are skipped instead of refused. */
  ignoreUnknownFields: boolean;
  /** A key whose value is `undefined` is skipped (`JsonCodec.fromValue`; JSON has no such values). */
  skipUndefined: boolean;
}

/** The reader of `desc` (which `handles` accepts); nested types' readers come from `lookup`. */
export function buildReader(desc: DescMessage, lookup: Lookup<Reader>): Reader {
  const byKey = new Map<string, { index: number; read: ReadStep }>();
  desc.fields.forEach((field, index) => {
    const step = { index, read: readStep(field, lookup) };
    byKey.set(field.name, step).set(field.jsonName, step);
  });
  const oneofs = desc.oneofs.length > 0;
  const zero = zeroMessage(desc);
  return (json, options) => {
    if (typeof json !== "object" || json === null || Array.isArray(json)) throw GIVE_UP;
    const message = zero();
    // Which fields were set (a field set by both its proto and its JSON name is an error for protobuf-es).
    const seen: boolean[] = [];
    const groups = oneofs ? new Set<string>() : undefined;
    for (const key of Object.keys(json)) {
      const value = (json as Record<string, unknown>)[key];
      if (value === undefined && options.skipUndefined) continue;
      const step = byKey.get(key);
      if (step === undefined) {
        if (options.ignoreUnknownFields) continue;
        throw GIVE_UP;
      }
      if (seen[step.index]) throw GIVE_UP;
      seen[step.index] = true;
      step.read(message, value, options, groups);
    }
    return message;
  };
}

/**
 * What `create(desc)` makes for a proto3 message, without its walk over the descriptor: the type name, every
 * oneof unset, and every field with implicit presence at its zero value (fields with explicit presence absent).
 */
function zeroMessage(desc: DescMessage): () => Message {
  const members = desc.members
    .filter((member) => member.kind === "oneof" || member.presence === IMPLICIT)
    .map((member): [string, () => unknown] => {
      if (member.kind === "oneof") return [member.localName, () => ({ case: undefined })];
      if (member.fieldKind === "list") return [member.localName, () => []];
      const zero = SCALAR_ZEROS.get(member.scalar!);
      return [member.localName, () => zero];
    });
  const typeName = desc.typeName;
  return () => {
    const message: Message = { $typeName: typeName };
    for (const [name, zero] of members) message[name] = zero();
    return message;
  };
}

type ReadStep = (message: Message, value: unknown, options: ReadOptions, groups?: Set<string>) => void;

/**
 * A `null` leaves the field unset (the message starts at zero, and a field set twice was refused before), as
 * protobuf-es clears it; in a oneof, a null message member still counts as the group's choice, a null scalar not.
 */
function readStep(field: DescField, lookup: Lookup<Reader>): ReadStep {
  const local = field.localName;
  const value = valueReader(field, lookup);
  if (field.oneof) {
    const group = field.oneof.localName;
    const nullChooses = field.fieldKind !== "scalar";
    return (message, json, options, groups) => {
      if (groups === undefined) throw GIVE_UP;
      if (json === null && !nullChooses) return;
      if (groups.has(group)) throw GIVE_UP; // two members of one oneof
      groups.add(group);
      if (json !== null) message[group] = { case: local, value: value(json, options) };
    };
  }
  return (message, json, options) => {
    if (json !== null) message[local] = value(json, options);
  };
}

type ValueReader = (json: unknown, options: ReadOptions) => unknown;

/** A field's value from its JSON (a list whole, for list fields). */
function valueReader(field: DescField, lookup: Lookup<Reader>): ValueReader {
  return valueConversion<ReadOptions>(field, (desc) => messageReader(desc, lookup));
}

function messageReader(desc: DescMessage, lookup: Lookup<Reader>): ValueReader {
  const reader = lazily(lookup, desc);
  return (json, options) => reader()(json, options);
}
