import type { DescMessage, JsonValue, MessageShape } from "@bufbuild/protobuf";
import { ContractViolation, MessageContract } from "./message-contract.js";

/**
 * Maps a domain type written in snake_case (the pure engine's `ComputedDocument`, `Issuer`, `InvoiceRequest`)
 * to and from its proto message. The proto field names are the domain's names, so the mapping is the canonical
 * JSON both ways; every message coming back is checked against the strict schema before it is typed, so a
 * domain value built here has the fields and closed values the domain type promises.
 */
export class DomainContract<Desc extends DescMessage, T extends object> {
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

  /** Throws ContractViolation (each field named) when the message lacks what the domain type requires. */
  fromMessage(message: MessageShape<Desc> | undefined, param = ""): T {
    if (!message) {
      throw new ContractViolation(this.contract.desc.typeName, [
        { param, code: "required", message: "is required" },
      ]);
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
