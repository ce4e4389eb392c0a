import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { anyPack } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError } from "@connectrpc/connect";
import type { ItemError, ItemErrorSchema } from "@einvoice/proto";

/** The prefix of a packed detail's type URL, as gRPC and `anyPack` write it. */
const TYPE_URL_PREFIX = "type.googleapis.com/";

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
        ? anyPack(detail.desc, create(detail.desc, detail.value))
        : { typeUrl: `${TYPE_URL_PREFIX}${detail.type}`, value: detail.value },
    ),
  };
}

/** The ConnectError an item's failure stands for, details included, so callers read it as a single call's error. */
export function connectErrorOf(item: ItemError): ConnectError {
  const code = item.code in Code && item.code > 0 ? (item.code as Code) : Code.Unknown;
  const error = new ConnectError(item.message, code);
  for (const { typeUrl, value } of item.details)
    error.details.push({ type: typeUrl.slice(typeUrl.lastIndexOf("/") + 1), value });
  return error;
}
