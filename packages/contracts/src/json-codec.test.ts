import {
  create,
  type DescField,
  type DescFile,
  type DescMessage,
  fromJson,
  type JsonObject,
  type JsonValue,
  ScalarType,
  toJson,
} from "@bufbuild/protobuf";
import * as proto from "@einvoice/proto";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { JsonCodec } from "./json-codec.js";

/** Counts the calls that reach protobuf-es's own conversions, to see which path a conversion took. */
const library = vi.hoisted(() => ({ toJson: 0, fromJson: 0 }));
vi.mock("@bufbuild/protobuf", async (importOriginal) => {
  const original = await importOriginal<typeof import("@bufbuild/protobuf")>();
  return {
    ...original,
    toJson: (...args: Parameters<typeof original.toJson>) => {
      library.toJson++;
      return original.toJson(...args);
    },
    fromJson: (...args: Parameters<typeof original.fromJson>) => {
      library.fromJson++;
      return original.fromJson(...args);
    },
  };
});

const CANONICAL = { useProtoFieldName: true, alwaysEmitImplicit: true } as const;

/** Every message type of the contracts, nested ones included. */
function contractMessages(): DescMessage[] {
  const files = Object.values(proto).filter(
    (value): value is DescFile =>
      typeof value === "object" && value !== null && (value as { kind?: unknown }).kind === "file",
  );
  const all: DescMessage[] = [];
  const visit = (desc: DescMessage) => {
    all.push(desc);
    desc.nestedMessages.forEach(visit);
  };
  for (const file of files) file.messages.forEach(visit);
  return all;
}

/** A small deterministic generator, so a failure names a seed that reproduces it. */
function random(seed: number) {
  let state = seed >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x100000000;
  };
  return {
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
  };
}
type Random = ReturnType<typeof random>;

const STRINGS = ["", "F001", "Ñandú € 12.50", "x".repeat(40), 'quote " and \\ and\nnewline', "😀 emoji"];
const INT32S = [0, 1, -1, 42, 2147483647, -2147483648];
const DOUBLES = [0, 1.5, -3.25, 1e21, 123456.789];

function scalarSample(scalar: ScalarType, rng: Random): unknown {
  switch (scalar) {
    case ScalarType.STRING:
      return rng.pick(STRINGS);
    case ScalarType.BOOL:
      return rng.chance(0.5);
    case ScalarType.INT32:
      return rng.pick(INT32S);
    case ScalarType.DOUBLE:
      return rng.pick(DOUBLES);
    case ScalarType.BYTES:
      return new Uint8Array([0, 1, 2, 250].slice(0, Math.floor(rng.chance(0.5) ? 4 : 0)));
    default:
      throw new Error(`the contracts gained scalar type ${scalar}: add it to this generator`);
  }
}

/** A message with random fields set: some optional ones absent, lists of 0–3, a oneof case or none. */
function sample(desc: DescMessage, rng: Random, depth = 0): Record<string, unknown> {
  const message = create(desc) as unknown as Record<string, unknown>;
  if (desc.typeName.startsWith("google.protobuf.")) return message; // an empty Any
  const fieldValue = (field: DescField): unknown => {
    switch (field.fieldKind) {
      case "scalar":
        return scalarSample(field.scalar, rng);
      case "message":
        return sample(field.message, rng, depth + 1);
      case "enum": // grpc.health.v1's status: left to protobuf-es, compared all the same
        return rng.pick([...field.enum.values.map((value) => value.number), 99]);
      case "list": {
        if (depth > 3) return [];
        const length = rng.pick([0, 1, 2, 3]);
        return Array.from({ length }, () =>
          field.listKind === "message"
            ? sample(field.message, rng, depth + 1)
            : scalarSample(field.scalar!, rng),
        );
      }
      default:
        throw new Error(
          `the contracts gained a ${field.fieldKind} field (${field.name}): add it to this generator`,
        );
    }
  };
  for (const field of desc.fields) {
    if (field.oneof) continue;
    const explicit = field.presence !== 2;
    if (explicit && (depth > 3 || rng.chance(0.3))) continue;
    message[field.localName] = fieldValue(field);
  }
  for (const oneof of desc.oneofs) {
    if (rng.chance(0.2)) continue;
    const field = rng.pick(oneof.fields);
    message[oneof.localName] = { case: field.localName, value: fieldValue(field) };
  }
  return message;
}

type Outcome = { value: unknown } | { error: string };
function outcome(run: () => unknown): Outcome {
  try {
    return { value: run() };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** Changes that take a value off the built path (each must still get protobuf-es's own answer). */
function variants(json: JsonObject, desc: DescMessage, rng: Random): JsonValue[] {
  const keys = Object.keys(json).filter((key) => desc.fields.some((f) => f.name === key));
  const out: JsonValue[] = [{ ...json, not_a_field: 1 }];
  if (keys.length === 0) return out;
  const key = rng.pick(keys);
  const field = desc.fields.find((f) => f.name === key)!;
  out.push({ ...json, [key]: null });
  out.push({ ...json, [field.jsonName]: json[key]! }); // set twice when the two names differ
  if (field.fieldKind === "scalar") {
    if (field.scalar === ScalarType.INT32) out.push({ ...json, [key]: String(json[key]) });
    if (field.scalar === ScalarType.INT32) out.push({ ...json, [key]: 2 ** 31 });
    if (field.scalar === ScalarType.DOUBLE) out.push({ ...json, [key]: "NaN" });
    if (field.scalar === ScalarType.STRING) out.push({ ...json, [key]: "lone \ud800 surrogate" });
    if (field.scalar === ScalarType.STRING) out.push({ ...json, [key]: 7 });
  }
  if (field.fieldKind === "list") out.push({ ...json, [key]: [null] });
  // Two members of one oneof, from samples that chose different cases.
  for (const oneof of desc.oneofs) {
    const byCase = new Map<string, JsonValue>();
    for (let i = 0; i < 20 && byCase.size < 2; i++) {
      const other = toJson(desc, sample(desc, rng) as never, CANONICAL) as JsonObject;
      const member = oneof.fields.find((f) => f.name in other);
      if (member) byCase.set(member.name, other[member.name]!);
    }
    if (byCase.size === 2) out.push({ ...json, ...Object.fromEntries(byCase) });
    // The other members null beside the chosen one (a null scalar member is no choice, a null message member is).
    for (const member of oneof.fields) if (!(member.name in json)) out.push({ ...json, [member.name]: null });
    out.push({ ...json, ...Object.fromEntries(oneof.fields.map((member) => [member.name, null])) });
  }
  if (field.fieldKind === "message") out.push({ ...json, [key]: [] });
  return out;
}

describe("json-codec", () => {
  const messages = contractMessages();
  beforeEach(() => {
    library.toJson = 0;
    library.fromJson = 0;
  });

  it("should find the contracts' messages", () => {
    expect(messages.map((m) => m.typeName)).toEqual(
      expect.arrayContaining([
        "einvoice.documents.v1.ComputedDocument",
        "einvoice.subjects.v1.DocumentIssued",
        "einvoice.numbering.v1.IssueDocumentsResponse",
      ]),
    );
  });

  it("should write every message of the contracts as protobuf-es writes it", () => {
    for (const desc of messages) {
      for (let seed = 1; seed <= 25; seed++) {
        const message = sample(desc, random(seed * 7919 + desc.typeName.length));
        const ours = outcome(() => new JsonCodec(desc).toJson(message as never));
        const theirs = outcome(() => toJson(desc, message as never, CANONICAL));
        expect(ours, `${desc.typeName} seed ${seed}`).toStrictEqual(theirs);
      }
    }
  });

  it("should read every message of the contracts as protobuf-es reads it, odd input included", () => {
    for (const desc of messages) {
      for (let seed = 1; seed <= 25; seed++) {
        const rng = random(seed * 104729 + desc.typeName.length);
        const message = sample(desc, rng);
        const canonical = toJson(desc, message as never, CANONICAL) as JsonObject;
        const camel = toJson(desc, message as never, { alwaysEmitImplicit: true });
        for (const json of [canonical, camel, ...variants(canonical, desc, rng)]) {
          for (const ignoreUnknownFields of [false, true]) {
            const ours = outcome(() => new JsonCodec(desc).fromJson(json, { ignoreUnknownFields }));
            const theirs = outcome(() => fromJson(desc, json, { ignoreUnknownFields }));
            expect(ours, `${desc.typeName} seed ${seed} ${JSON.stringify(json)}`).toStrictEqual(theirs);
          }
        }
      }
    }
  });

  it("should read a value with undefined properties as protobuf-es reads it without them", () => {
    const withUndefined = (json: JsonValue, rng: Random): unknown => {
      if (Array.isArray(json)) return json.map((item) => withUndefined(item, rng));
      if (json === null || typeof json !== "object") return json;
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(json))
        out[key] = rng.chance(0.2) ? undefined : withUndefined(value, rng);
      if (rng.chance(0.3)) out.absent_field = undefined;
      return out;
    };
    const withoutUndefined = (value: unknown): JsonValue => JSON.parse(JSON.stringify(value ?? null));
    for (const desc of messages) {
      for (let seed = 1; seed <= 25; seed++) {
        const rng = random(seed * 15485863 + desc.typeName.length);
        const value = withUndefined(toJson(desc, sample(desc, rng) as never, CANONICAL), rng) as object;
        for (const input of [value, ...variants(value as JsonObject, desc, rng)]) {
          const ours = outcome(() => new JsonCodec(desc).fromValue(input as object));
          const theirs = outcome(() => fromJson(desc, withoutUndefined(input)));
          expect(ours, `${desc.typeName} seed ${seed}`).toStrictEqual(theirs);
        }
      }
    }
  });

  it("should convert the documents' messages without protobuf-es's reflection", () => {
    const rng = random(3);
    for (const desc of [proto.ComputedDocumentSchema, proto.DocumentIssuedSchema, proto.DocumentSchema]) {
      const message = sample(desc, rng);
      const json = new JsonCodec(desc).toJson(message as never);
      expect(new JsonCodec(desc).fromJson(json)).toStrictEqual(message);
      expect(new JsonCodec(desc).fromValue({ ...(json as JsonObject), absent: undefined })).toStrictEqual(
        message,
      );
    }
    expect(library).toEqual({ toJson: 0, fromJson: 0 });
  });

  it("should leave a value it does not handle to protobuf-es, error included", () => {
    const json = toJson(proto.ScopeSchema, create(proto.ScopeSchema, { companyId: "cmp_1" }), CANONICAL);
    expect(() =>
      new JsonCodec(proto.ScopeSchema).fromJson({ ...(json as JsonObject), livemode: "yes" }),
    ).toThrow(/cannot decode .*livemode/);
    expect(library.fromJson).toBe(1);
  });
});
