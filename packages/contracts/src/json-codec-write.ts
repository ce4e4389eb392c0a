/** Message → canonical JSON, built once per message type (see `JsonCodec`). */
import type { DescField, DescMessage, JsonObject, JsonValue } from "@bufbuild/protobuf";
import {
  GIVE_UP,
  IMPLICIT,
  type Lookup,
  lazily,
  type Message,
  valueConversion,
} from "./json-codec-shapes.js";

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
  return valueConversion<void>(field, (desc) => messageWriter(desc, lookup)) as (value: unknown) => JsonValue;
}

function messageWriter(desc: DescMessage, lookup: Lookup<Writer>): (value: unknown) => JsonValue {
  const writer = lazily(lookup, desc);
  return (value) => {
    if (typeof value !== "object" || value === null) throw GIVE_UP;
    return writer()(value as Message);
  };
}
