/**
 * Canonical proto3 JSON ⇄ messages, with plain functions built once per message type instead of protobuf-es's
 * reflection on every call (`toJson` walks each field through a reflection wrapper, `fromJson` through
 * `reflect().set()` and its checks). Every document crosses this conversion several times on its way (the gateway's
 * request to numbering, each JetStream payload published and consumed), and reflection made it ≈ 0.8 ms of CPU per
 * document over the services.
 *
 * Exactly protobuf-es's result, by construction: the built functions handle the shapes our contracts use (strings,
 * booleans, int32, doubles, nested messages, lists, oneofs) and give up on anything else, such as an unexpected
 * value, a null, a string where a number goes, a duplicate key, an enum, a map, another integer type, bytes or a
 * well-known type. Giving up runs protobuf-es's own `toJson`/`fromJson` on the whole value, so its answer (or its
 * error) is the one returned. `json-codec.test.ts` compares both on every message of the contracts.
 */
import {
  type DescField,
  type DescMessage,
  fromJson,
  type JsonObject,
  type JsonValue,
  type MessageShape,
  ScalarType,
  toJson,
} from "@bufbuild/protobuf";
import { Edition } from "@bufbuild/protobuf/wkt";

/** The canonical JSON of our contracts: proto field names, fields with implicit presence always present. */
const WRITE_OPTIONS = { useProtoFieldName: true, alwaysEmitImplicit: true } as const;

/** Field presence values of `DescField.presence` (google.protobuf.FeatureSet.FieldPresence). */
const IMPLICIT = 2;

const INT32_MIN = -0x80000000;
const INT32_MAX = 0x7fffffff;

/** Thrown inside a built function when the value is not one it handles; never escapes this module. */
const GIVE_UP = Symbol("give up");

type Message = Record<string, unknown>;
type Writer = (message: Message) => JsonObject;
type Reader = (json: unknown, options: ReadOptions) => Message;

interface ReadOptions {
  /** As protobuf-es's option: keys that are no field of the message are skipped instead of refused. */
  ignoreUnknownFields: boolean;
  /** A key whose value is `undefined` is skipped (`messageFromValue`; JSON has no such values). */
  skipUndefined: boolean;
}

/** The message's canonical JSON (as `toJson` with proto field names and implicit fields emitted). */
export function messageToJson<Desc extends DescMessage>(desc: Desc, message: MessageShape<Desc>): JsonValue {
  const writer = writerOf(desc);
  if (writer) {
    try {
      return writer(message as unknown as Message);
    } catch (error) {
      if (error !== GIVE_UP) throw error;
    }
  }
  return toJson(desc, message, WRITE_OPTIONS);
}

/** The message of a JSON value (as `fromJson`). */
export function messageFromJson<Desc extends DescMessage>(
  desc: Desc,
  json: JsonValue,
  options: { ignoreUnknownFields?: boolean } = {},
): MessageShape<Desc> {
  const reader = readerOf(desc);
  if (reader) {
    try {
      const read = { ignoreUnknownFields: options.ignoreUnknownFields === true, skipUndefined: false };
      return reader(json, read) as MessageShape<Desc>;
    } catch (error) {
      if (error !== GIVE_UP) throw error;
    }
  }
  return fromJson(desc, json, options);
}

/**
 * The message of a plain value whose fields are their JSON types, where `undefined` stands for an absent field
 * (the domain's objects): as `fromJson` of the value without its `undefined` properties, without copying it.
 */
export function messageFromValue<Desc extends DescMessage>(desc: Desc, value: object): MessageShape<Desc> {
  const reader = readerOf(desc);
  if (reader) {
    try {
      return reader(value, FROM_VALUE) as MessageShape<Desc>;
    } catch (error) {
      if (error !== GIVE_UP) throw error;
    }
  }
  return fromJson(desc, withoutUndefined(value));
}

const FROM_VALUE: ReadOptions = { ignoreUnknownFields: false, skipUndefined: true };

function withoutUndefined(value: unknown): JsonValue {
  if (Array.isArray(value)) return value.map(withoutUndefined);
  if (value === null || typeof value !== "object") return value as JsonValue;
  const out: { [key: string]: JsonValue } = {};
  for (const [key, item] of Object.entries(value)) {
    if (item !== undefined) out[key] = withoutUndefined(item);
  }
  return out;
}

/** Built functions per message type; null for a type left to protobuf-es. Descriptors live as long as the process. */
const writers = new WeakMap<DescMessage, Writer | null>();
const readers = new WeakMap<DescMessage, Reader | null>();

function writerOf(desc: DescMessage): Writer | null {
  let writer = writers.get(desc);
  if (writer === undefined) {
    writer = handles(desc) ? buildWriter(desc) : null;
    writers.set(desc, writer);
  }
  return writer;
}

function readerOf(desc: DescMessage): Reader | null {
  let reader = readers.get(desc);
  if (reader === undefined) {
    reader = handles(desc) ? buildReader(desc) : null;
    readers.set(desc, reader);
  }
  return reader;
}

/**
 * Whether every field of the type is of a kind built here. Nested message types are checked when their own
 * functions are built: one left to protobuf-es makes its parent give up only when such a value is present.
 */
function handles(desc: DescMessage): boolean {
  // proto3 only: no default values, so a zero message needs no prototype chain (see `zeroMessage`).
  if (desc.typeName.startsWith("google.protobuf.") || desc.file.edition !== Edition.EDITION_PROTO3)
    return false;
  return desc.fields.every((field) => {
    if (field.presence !== IMPLICIT && field.presence !== 1) return false; // LEGACY_REQUIRED (proto2)
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

// ---- message → JSON ----

function buildWriter(desc: DescMessage): Writer {
  const steps = [...desc.fields].sort((a, b) => a.number - b.number).map(writeStep);
  return (message) => {
    const json: JsonObject = {};
    for (const step of steps) step(message, json);
    return json;
  };
}

type WriteStep = (message: Message, json: JsonObject) => void;

function writeStep(field: DescField): WriteStep {
  const name = field.name;
  const local = field.localName;
  const value = valueWriter(field);
  if (field.oneof) {
    const group = field.oneof.localName;
    return (message, json) => {
      const selected = message[group] as { case?: string; value?: unknown } | undefined;
      if (selected === undefined) throw GIVE_UP;
      if (selected.case === local) json[name] = value(selected.value);
    };
  }
  if (field.presence !== IMPLICIT) {
    // Explicit presence: written only when set (an own property that is not undefined).
    return (message, json) => {
      const item = message[local];
      if (item !== undefined && Object.hasOwn(message, local)) json[name] = value(item);
    };
  }
  // Implicit presence: always written, zero values included (`alwaysEmitImplicit`).
  return (message, json) => {
    json[name] = value(message[local]);
  };
}

/** The JSON of one field's value (a list whole, for list fields). */
function valueWriter(field: DescField): (value: unknown) => JsonValue {
  switch (field.fieldKind) {
    case "scalar":
      return scalarWriter(field.scalar);
    case "message":
      return messageWriter(field.message);
    case "list": {
      const item = field.listKind === "message" ? messageWriter(field.message) : scalarWriter(field.scalar!);
      return (list) => {
        if (!Array.isArray(list)) throw GIVE_UP;
        const json: JsonValue[] = new Array(list.length);
        for (let i = 0; i < list.length; i++) json[i] = item(list[i]);
        return json;
      };
    }
    default:
      throw new Error(`${field.fieldKind} field ${field.name} is not built here`);
  }
}

function messageWriter(desc: DescMessage): (value: unknown) => JsonValue {
  return (value) => {
    if (typeof value !== "object" || value === null) throw GIVE_UP;
    const writer = writerOf(desc);
    if (!writer) throw GIVE_UP;
    return writer(value as Message);
  };
}

function scalarWriter(scalar: ScalarType): (value: unknown) => JsonValue {
  switch (scalar) {
    case ScalarType.STRING:
      return (value) => {
        if (typeof value !== "string") throw GIVE_UP;
        return value;
      };
    case ScalarType.BOOL:
      return (value) => {
        if (typeof value !== "boolean") throw GIVE_UP;
        return value;
      };
    case ScalarType.DOUBLE:
      return (value) => {
        if (typeof value !== "number" || !Number.isFinite(value)) throw GIVE_UP; // NaN and ±Infinity are strings
        return value;
      };
    default: // int32
      return (value) => {
        if (typeof value !== "number") throw GIVE_UP;
        return value;
      };
  }
}

// ---- JSON → message ----

function buildReader(desc: DescMessage): Reader {
  const byKey = new Map<string, { index: number; read: ReadStep }>();
  desc.fields.forEach((field, index) => {
    const step = { index, read: readStep(field) };
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
      const zero = SCALAR_ZERO.get(member.scalar!);
      return [member.localName, () => zero];
    });
  const typeName = desc.typeName;
  return () => {
    const message: Message = { $typeName: typeName };
    for (const [name, zero] of members) message[name] = zero();
    return message;
  };
}

const SCALAR_ZERO = new Map<ScalarType, unknown>([
  [ScalarType.STRING, ""],
  [ScalarType.BOOL, false],
  [ScalarType.INT32, 0],
  [ScalarType.DOUBLE, 0],
]);

type ReadStep = (message: Message, value: unknown, options: ReadOptions, groups?: Set<string>) => void;

/**
 * A `null` leaves the field unset (the message starts at zero, and a field set twice was refused before), as
 * protobuf-es clears it; in a oneof, a null message member still counts as the group's choice, a null scalar not.
 */
function readStep(field: DescField): ReadStep {
  const local = field.localName;
  const value = valueReader(field);
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

function valueReader(field: DescField): (json: unknown, options: ReadOptions) => unknown {
  switch (field.fieldKind) {
    case "scalar":
      return scalarReader(field.scalar);
    case "message":
      return messageReader(field.message);
    case "list": {
      const item = field.listKind === "message" ? messageReader(field.message) : scalarReader(field.scalar!);
      return (json, options) => {
        if (!Array.isArray(json)) throw GIVE_UP;
        const list: unknown[] = new Array(json.length);
        for (let i = 0; i < json.length; i++) {
          const entry: unknown = json[i];
          if (entry === null) throw GIVE_UP;
          list[i] = item(entry, options);
        }
        return list;
      };
    }
    default:
      throw new Error(`${field.fieldKind} field ${field.name} is not built here`);
  }
}

function messageReader(desc: DescMessage): (json: unknown, options: ReadOptions) => unknown {
  return (json, options) => {
    const reader = readerOf(desc);
    if (!reader) throw GIVE_UP;
    return reader(json, options);
  };
}

function scalarReader(scalar: ScalarType): (json: unknown) => unknown {
  switch (scalar) {
    case ScalarType.STRING:
      return (json) => {
        // protobuf-es refuses text that is not valid UTF-16 (a lone surrogate cannot be encoded as UTF-8).
        if (typeof json !== "string" || !isWellFormed(json)) throw GIVE_UP;
        return json;
      };
    case ScalarType.BOOL:
      return (json) => {
        if (typeof json !== "boolean") throw GIVE_UP;
        return json;
      };
    case ScalarType.DOUBLE:
      return (json) => {
        // "NaN", "1e3" and other strings are protobuf-es's, and so is its refusal of a non-finite number.
        if (typeof json !== "number" || !Number.isFinite(json)) throw GIVE_UP;
        return json;
      };
    default: // int32 (a string of digits, or a value out of range, is protobuf-es's)
      return (json) => {
        if (typeof json !== "number" || !Number.isInteger(json) || json < INT32_MIN || json > INT32_MAX)
          throw GIVE_UP;
        return json;
      };
  }
}

/** `String.prototype.isWellFormed` (Node 20); not in the ES2023 typings. */
const isWellFormed = (text: string): boolean =>
  (text as unknown as { isWellFormed(): boolean }).isWellFormed();
