import { create, type MessageInitShape, toBinary } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import type { ItemError, ItemErrorSchema } from "@einvoice/proto";

/**
 * One item of a batched call failed: its error travels as the code, message and details of the ConnectError the
 * single call would have thrown (a plain Error becomes UNKNOWN with its message, as Connect answers it).
 */
export function itemErrorOf(error: unknown): MessageInitShape<typeof ItemErrorSchema> {
  const connectError = ConnectError.from(error);
  return {
    code: connectError.code,
    message: connectError.rawMessage,
    details: connectError.details.map((detail) =>
      "desc" in detail
        ? { type: detail.desc.typeName, value: toBinary(detail.desc, create(detail.desc, detail.value)) }
        : { type: detail.type, value: detail.value },
    ),
  };
}

/** The ConnectError an item's failure stands for, details included, so callers read it as a single call's error. */
export function connectErrorOf(item: ItemError): ConnectError {
  const code = item.code in Code && item.code > 0 ? (item.code as Code) : Code.Unknown;
  const error = new ConnectError(item.message, code);
  for (const { type, value } of item.details) error.details.push({ type, value });
  return error;
}
