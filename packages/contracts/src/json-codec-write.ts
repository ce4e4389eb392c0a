/** Message → canonical JSON, built once per message type (see `JsonCodec`). */
import {
  type DescField,
  type DescMessage,
  type JsonObject,
  type JsonValue,
  ScalarType,
} from "@bufbuild/protobuf";
import { GIVE_UP, IMPLICIT, type Lookup, type Message } from "./json-codec-shapes.js";

export type Writer = (message: Message) => JsonObject;

/** The writer of `desc` (which `handles` accepts); nested types' writers come from `lookup`. */
export function buildWriter(desc: DescMessage, lookup: Lookup<Writer>): Writer {
  const steps = [...desc.fields].sort((a, b) => a.number - b.number).map((field) => writeStep(field, lookup));
  return (message) => {
    const json: JsonObject = {};
    for (const step of steps) step(message, json);
    return json;
  };
}

type WriteStep = (message: Message, json: JsonObject) => void;

function writeStep(field: DescField, lookup: Lookup<Writer>): WriteStep {
  const name = field.name;
  const local = field.localName;
  const value = valueWriter(field, lookup);
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
function valueWriter(field: DescField, lookup: Lookup<Writer>): (value: unknown) => JsonValue {
  switch (field.fieldKind) {
    case "scalar":
      return scalarWriter(field.scalar);
    case "message":
      return messageWriter(field.message, lookup);
    case "list": {
      const item =
        field.listKind === "message" ? messageWriter(field.message, lookup) : scalarWriter(field.scalar!);
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

function messageWriter(desc: DescMessage, lookup: Lookup<Writer>): (value: unknown) => JsonValue {
  // Looked up on first use: a type may contain itself.
  let writer: Writer | null | undefined;
  return (value) => {
    if (typeof value !== "object" || value === null) throw GIVE_UP;
    writer ??= lookup(desc);
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
