/**
 * Canonical proto3 JSON ⇄ messages, with plain functions built once per message type instead of protobuf-es's
 * reflection on every call (`toJson` walks each field through a reflection wrapper, `fromJson` through
 * `reflect().set()` and its checks). Every document crosses this conversion several times on its way (the gateway's
 * request to numbering, each JetStream payload published and consumed), so reflection's cost was paid many times
 * per document over the services.
 *
 * Exactly protobuf-es's result, by construction: the built functions handle the shapes our contracts use (strings,
 * booleans, int32, doubles, nested messages, lists, oneofs) and give up on anything else, such as an unexpected
 * value, a null in a list, a string where a number goes, a duplicate key, an enum, a map, another integer type,
 * bytes or a well-known type. Giving up runs protobuf-es's own `toJson`/`fromJson` on the whole value, so its answer
 * (or its error) is the one returned. `json-codec.test.ts` compares both on every message of the contracts.
 */
import { type DescMessage, fromJson, type JsonValue, type MessageShape, toJson } from "@bufbuild/protobuf";
import { buildReader, type Reader, type ReadOptions } from "./json-codec-read.js";
import { GIVE_UP, handles, type Message } from "./json-codec-shapes.js";
import { buildWriter, type Writer } from "./json-codec-write.js";

/** The canonical JSON of our contracts: proto field names, fields with implicit presence always present. */
const WRITE_OPTIONS = { useProtoFieldName: true, alwaysEmitImplicit: true } as const;

/** How the reader reads JSON (`fromJson`, refusing or skipping unknown keys) and plain values (`fromValue`). */
const FROM_JSON: ReadOptions = { ignoreUnknownFields: false, skipUndefined: false };
const FROM_JSON_IGNORING_UNKNOWN: ReadOptions = { ignoreUnknownFields: true, skipUndefined: false };
const FROM_VALUE: ReadOptions = { ignoreUnknownFields: false, skipUndefined: true };

/**
 * The conversions of one message type (`MessageContract` holds one). The functions of the type and of the types it
 * nests are built on first use and kept by this instance.
 */
export class JsonCodec<Desc extends DescMessage> {
  readonly #writers = new Map<DescMessage, Writer | null>();
  readonly #readers = new Map<DescMessage, Reader | null>();
  readonly #writerOf = (desc: DescMessage): Writer | null => this.#built(this.#writers, desc, buildWriter);
  readonly #readerOf = (desc: DescMessage): Reader | null => this.#built(this.#readers, desc, buildReader);

  constructor(readonly desc: Desc) {}

  /** The message's canonical JSON (as `toJson` with proto field names and implicit fields emitted). */
  toJson(message: MessageShape<Desc>): JsonValue {
    const writer = this.#writerOf(this.desc);
    if (writer) {
      try {
        return writer(message as unknown as Message);
      } catch (error) {
        if (error !== GIVE_UP) throw error;
      }
    }
    return toJson(this.desc, message, WRITE_OPTIONS);
  }

  /** The message of a JSON value (as `fromJson`). */
  fromJson(json: JsonValue, options: { ignoreUnknownFields?: boolean } = {}): MessageShape<Desc> {
    const read = options.ignoreUnknownFields === true ? FROM_JSON_IGNORING_UNKNOWN : FROM_JSON;
    return this.#read(json, read) ?? fromJson(this.desc, json, options);
  }

  /**
   * The message of a plain value whose fields are their JSON types, where `undefined` stands for an absent field
   * (the domain's objects): as `fromJson` of the value without its `undefined` properties, without copying it.
   */
  fromValue(value: object): MessageShape<Desc> {
    return this.#read(value, FROM_VALUE) ?? fromJson(this.desc, withoutUndefined(value));
  }

  /** The built reader's message; undefined when it gave up (or the type is protobuf-es's). */
  #read(json: unknown, options: ReadOptions): MessageShape<Desc> | undefined {
    const reader = this.#readerOf(this.desc);
    if (!reader) return undefined;
    try {
      return reader(json, options) as MessageShape<Desc>;
    } catch (error) {
      if (error !== GIVE_UP) throw error;
      return undefined;
    }
  }

  #built<F>(
    cache: Map<DescMessage, F | null>,
    desc: DescMessage,
    build: (desc: DescMessage, lookup: (nested: DescMessage) => F | null) => F,
  ): F | null {
    let built = cache.get(desc);
    if (built === undefined) {
      built = handles(desc) ? build(desc, (nested) => this.#built(cache, nested, build)) : null;
      cache.set(desc, built);
    }
    return built;
  }
}

/**
 * A plain data value as the JSON its message encodes to, when its fields are all set as their JSON types: `null`
 * and `undefined` properties (unset, as in proto3 JSON) dropped, arrays kept as they are. Callers check the
 * result against the strict schema before trusting it as canonical.
 */
export const withoutUnset = (value: unknown): JsonValue =>
  withoutProperties(value, (item) => item === undefined || item === null);

const withoutUndefined = (value: unknown): JsonValue =>
  withoutProperties(value, (item) => item === undefined);

/** The value with the object properties `drop` picks removed, at every depth (array items are kept). */
function withoutProperties(value: unknown, drop: (item: unknown) => boolean): JsonValue {
  if (Array.isArray(value)) return value.map((item) => withoutProperties(item, drop));
  if (value === null || typeof value !== "object") return value as JsonValue;
  const out: { [key: string]: JsonValue } = {};
  for (const [key, item] of Object.entries(value)) {
    if (!drop(item)) out[key] = withoutProperties(item, drop);
  }
  return out;
}
