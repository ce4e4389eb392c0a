import type { StatusDetails, SunatVerdict } from "@einvoice/domain";
import type {
  StatusDetails as StatusDetailsMessage,
  SunatVerdict as SunatVerdictMessage,
} from "@einvoice/proto";

/** SUNAT's verdict as the register stores it on the document. */
export function sunatVerdictOf(message: SunatVerdictMessage): SunatVerdict {
  return {
    code: message.code,
    description: message.description,
    notes: message.notes.map(({ code, description }) => ({ code, description })),
    simulated: message.simulated,
  };
}

export function statusDetailsOf(message: StatusDetailsMessage): StatusDetails {
  return { code: message.code, message: message.message };
}
