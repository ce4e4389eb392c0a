import type { Scope } from "@einvoice/domain";
import type { Scope as ScopeMessage } from "@einvoice/proto";
import { Code, ConnectError } from "./rpc-errors.js";

/** The scope of an RPC request; a call without a company is INVALID_ARGUMENT, never a query of everyone's data. */
export function requireScope(message: ScopeMessage | undefined): Scope {
  if (!message?.companyId) throw new ConnectError("scope.company_id is required", Code.InvalidArgument);
  return { companyId: message.companyId, livemode: message.livemode };
}
