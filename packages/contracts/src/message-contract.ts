import type { DescMessage, JsonValue, MessageShape } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import type { FieldError } from "@einvoice/domain";
import { FieldViolationsSchema } from "@einvoice/proto";
import type { ErrorObject, ValidateFunction } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import { JsonCodec } from "./json-codec.js";
import { type JsonSchema, messageJsonSchema } from "./json-schema.js";

/**
 * One proto message as a contract: its canonical JSON, checked against the JSON Schema generated from the same
 * descriptor. Publishers and domain decoding use the strict schema; consumers the tolerant one, so a subject can
 * gain fields and open-set values without breaking an older subscriber.
 */
export class MessageContract<Desc extends DescMessage> {
  readonly strictSchema: JsonSchema;
  readonly tolerantSchema: JsonSchema;
  private strict: ValidateFunction | undefined;
  private tolerant: ValidateFunction | undefined;
  /** The message ⇄ canonical JSON conversions (built on first use). */
  readonly codec: JsonCodec<Desc>;

  constructor(readonly desc: Desc) {
    this.strictSchema = messageJsonSchema(desc, { mode: "strict" });
    this.tolerantSchema = messageJsonSchema(desc, { mode: "tolerant" });
    this.codec = new JsonCodec(desc);
  }

  /**
   * Compiled on first use, not at construction: every service imports the whole catalog of subjects and documents,
   * and compiling both schemas of each at import was most of a service's start-up CPU; a process uses a few.
   */
  private validator(mode: "strict" | "tolerant"): ValidateFunction {
    // Patterns carry the formats, so ajv's format plug-in is not needed.
    const compile = (schema: JsonSchema) =>
      new Ajv2020({ allErrors: true, validateFormats: false, strict: true }).compile(schema);
    if (mode === "strict") {
      this.strict ??= compile(this.strictSchema);
      return this.strict;
    }
    this.tolerant ??= compile(this.tolerantSchema);
    return this.tolerant;
  }

  /** Canonical proto3 JSON: proto field names, non-optional fields always present, unset optional fields absent. */
  toJson(message: MessageShape<Desc>): JsonValue {
    return this.codec.toJson(message);
  }

  /** The field errors of `json` against the contract; empty when it conforms. */
  check(json: unknown, mode: "strict" | "tolerant"): FieldError[] {
    const validate = this.validator(mode);
    return validate(json) ? [] : (validate.errors ?? []).map(fieldErrorOf);
  }

  /** `json` itself once it conforms; throws ContractViolation naming every offending field. */
  conforming(json: unknown, mode: "strict" | "tolerant"): JsonValue {
    const errors = this.check(json, mode);
    if (errors.length > 0) throw new ContractViolation(this.desc.typeName, errors);
    return plainJson(json);
  }

  /**
   * Decodes JSON received from a publisher (the consumers' side): checked against the strict schema first, which a
   * publisher of the same version always meets, and against the tolerant one only when it does not (a newer
   * publisher's fields or values). `strict` says which passed: when true, each part of `json` is that part's canonical
   * JSON, already checked, so it can be used as its domain value without converting and checking it again.
   * Throws ContractViolation (every offending field of the tolerant check) when neither passes.
   */
  received(json: unknown): { message: MessageShape<Desc>; strict: boolean } {
    if (this.validator("strict")(json)) {
      return { message: this.codec.fromJson(plainJson(json), { ignoreUnknownFields: false }), strict: true };
    }
    return { message: this.fromJson(json, "tolerant"), strict: false };
  }

  /** Checks `json` and decodes it; throws ContractViolation naming every offending field. */
  fromJson(json: unknown, mode: "strict" | "tolerant"): MessageShape<Desc> {
    return this.codec.fromJson(this.conforming(json, mode), {
      ignoreUnknownFields: mode === "tolerant",
    });
  }
}

/**
 * A payload or message that does not follow its contract; `errors` name each field by its dotted path. It is an
 * INVALID_ARGUMENT ConnectError carrying FieldViolations, so an RPC handler that decodes a request lets it
 * propagate and the caller learns which fields were wrong (the gateway answers 422).
 */
export class ContractViolation extends ConnectError {
  // `name` stays "ConnectError": Connect recognises its errors by it, and would otherwise report an internal error.
  constructor(
    readonly typeName: string,
    readonly errors: FieldError[],
  ) {
    super(
      `${typeName}: ${errors.map((e) => `${e.param || "(message)"} ${e.message}`).join("; ")}`,
      Code.InvalidArgument,
      undefined,
      [{ desc: FieldViolationsSchema, value: { violations: errors } }],
    );
  }
}

/** Validated JSON is plain data; this only narrows the static type for protobuf-es. */
function plainJson(json: unknown): JsonValue {
  return json as JsonValue;
}

/** An ajv error in our words: the dotted path (`items.0.quantity`) and a plain sentence, never ajv's wording. */
export function fieldErrorOf(error: ErrorObject): FieldError {
  const path = error.instancePath.split("/").slice(1).map(unescapePointer);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "required": {
      const param = [...path, String(params.missingProperty)].join(".");
      return { param, code: "required", message: "is required" };
    }
    case "additionalProperties": {
      const param = [...path, String(params.additionalProperty)].join(".");
      return { param, code: "unknown_field", message: "is not a field of this message" };
    }
    case "enum":
      return {
        param: path.join("."),
        code: "invalid_value",
        message: `must be one of ${listOf(params.allowedValues)}`,
      };
    case "pattern":
      return { param: path.join("."), code: "invalid_format", message: "does not have the expected format" };
    case "type":
      return { param: path.join("."), code: "invalid_type", message: `must be a ${String(params.type)}` };
    default:
      return { param: path.join("."), code: "invalid_value", message: "is not valid" };
  }
}

function listOf(values: unknown): string {
  return Array.isArray(values) ? values.map((v) => JSON.stringify(v)).join(", ") : String(values);
}

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, "/").replace(/~0/g, "~");
}
