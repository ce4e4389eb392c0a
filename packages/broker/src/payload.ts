import type { DescMessage, JsonValue, MessageShape } from "@bufbuild/protobuf";
import { MessageContract } from "@einvoice/contracts";

/**
 * How a subject's payload travels: a proto message as its canonical proto3 JSON (proto field names), checked
 * deeply on both ends against the JSON Schema generated from the same descriptor. Publishers are strict (every
 * field and closed value exactly as the contract says); consumers accept what is strict and else what is tolerant (unknown fields and new values
 * of open sets pass), so a subject evolves by adding fields without breaking an older subscriber.
 */
export interface PayloadCodec<T> {
  /** Full proto name of the payload message (e.g. `einvoice.subjects.v1.DocumentIssued`). */
  readonly typeName: string;
  /** The strict-checked JSON to publish; throws ContractViolation naming the fields. */
  encode(payload: T): JsonValue;
  /** Checks JSON already encoded elsewhere (an outbox row) before it is published. */
  check(json: unknown): JsonValue;
  /** The payload of a received JSON; throws ContractViolation naming the fields. */
  decode(json: unknown): T;
  /** As `decode`, saying whether `json` passed the strict schema as a whole (see `MessageContract.received`). */
  decodeReceived(json: unknown): { payload: T; strict: boolean };
}

export class MessagePayload<Desc extends DescMessage> implements PayloadCodec<MessageShape<Desc>> {
  readonly contract: MessageContract<Desc>;

  constructor(desc: Desc) {
    this.contract = new MessageContract(desc);
  }

  get typeName(): string {
    return this.contract.desc.typeName;
  }

  encode(payload: MessageShape<Desc>): JsonValue {
    return this.check(this.contract.toJson(payload));
  }

  check(json: unknown): JsonValue {
    return this.contract.conforming(json, "strict");
  }

  decode(json: unknown): MessageShape<Desc> {
    return this.decodeReceived(json).payload;
  }

  decodeReceived(json: unknown): { payload: MessageShape<Desc>; strict: boolean } {
    const { message, strict } = this.contract.received(json);
    return { payload: message, strict };
  }
}
