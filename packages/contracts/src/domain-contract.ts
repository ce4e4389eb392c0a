import type { DescMessage, JsonValue, MessageShape } from "@bufbuild/protobuf";
import type { CanonicalTypes } from "@einvoice/domain";
import { ContractViolation, MessageContract } from "./message-contract.js";

/** The domain type generated from the message `Desc` (`packages/domain/src/generated`), when there is one. */
export type CanonicalType<Desc extends DescMessage> =
  MessageShape<Desc>["$typeName"] extends keyof CanonicalTypes
    ? CanonicalTypes[MessageShape<Desc>["$typeName"]]
    : never;

/** A part of a received payload's JSON, and whether the whole payload passed the strict schema. */
export interface ReceivedPart {
  json: unknown;
  strict: boolean;
}

/** The part `field` (its proto field name) of a received payload, for `fromMessage`. */
export function receivedPart(received: ReceivedPart | undefined, field: string): ReceivedPart | undefined {
  if (!received || typeof received.json !== "object" || received.json === null) return undefined;
  return { json: (received.json as Record<string, unknown>)[field], strict: received.strict };
}

/**
 * Maps a domain type in snake_case (the pure engine's `ComputedDocument`, `Issuer`, `InvoiceRequest`) to and
 * from its proto message. The domain type is the message's canonical JSON: generated from the same descriptor
 * (`CanonicalType`, the default), or, for the caller's request bodies, the type of their request schema
 * (`InvoiceRequest`), whose values the message reads. Every message coming back is checked against the strict schema before it is typed, so a
 * domain value built here has the fields and closed values the domain type promises.
 */
export class DomainContract<Desc extends DescMessage, T extends object = CanonicalType<Desc>> {
  readonly contract: MessageContract<Desc>;

  constructor(desc: Desc) {
    this.contract = new MessageContract(desc);
  }

  /**
   * The message of a domain value (its keys are the message's proto field names): `undefined` properties are
   * dropped and `null` means unset, as in proto3 JSON. Unknown keys are refused: a field the contract lacks is a
   * bug to see, not data to lose.
   */
  toMessage(value: T): MessageShape<Desc> {
    return this.contract.codec.fromValue(value);
  }

  /**
   * Throws ContractViolation (each field named) when the message lacks what the domain type requires. `received` is
   * the message's own JSON within a payload received whole through the strict schema (`MessageContract.received`):
   * already canonical and checked, it is the domain value as it is, with no conversion back and no second check.
   */
  fromMessage(message: MessageShape<Desc> | undefined, param = "", received?: ReceivedPart): T {
    if (!message) {
      throw new ContractViolation(this.contract.desc.typeName, [
        { param, code: "required", message: "is required" },
      ]);
    }
    if (received?.strict && typeof received.json === "object" && received.json !== null) {
      return received.json as T;
    }
    const json = this.contract.toJson(message);
    if (this.conforms(json)) return json;
    throw new ContractViolation(
      this.contract.desc.typeName,
      this.contract
        .check(json, "strict")
        .map((e) => ({ ...e, param: [param, e.param].filter(Boolean).join(".") })),
    );
  }

  private conforms(json: JsonValue): json is JsonValue & T {
    return this.contract.check(json, "strict").length === 0;
  }
}
