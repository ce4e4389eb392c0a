import type { ConnectRouter } from "@connectrpc/connect";
import {
  computedDocuments,
  despatchAdvices,
  invoiceRequests,
  noteReferences,
  noteRequests,
} from "@einvoice/contracts";
import {
  COMPUTE_NOTE_REQUEST_TYPE_VALUES,
  type IgvRegime,
  type NoteDocumentType,
  type SaleDocumentType,
} from "@einvoice/domain";
import {
  Code,
  ConnectError,
  itemErrorOf,
  type Logger,
  logUnexpectedRpcError,
  todayInLima,
  violationsError,
} from "@einvoice/platform";
import { type ComputeDocumentRequest, TaxService } from "@einvoice/proto";
import { computeDocument, computeNote, validateDespatchAdvice } from "@einvoice/tax-engine";

const SALE_TYPES: readonly SaleDocumentType[] = ["01", "03"];
/** `ComputeNoteRequest.type` in proto. */
const NOTE_TYPES: readonly NoteDocumentType[] = COMPUTE_NOTE_REQUEST_TYPE_VALUES;

/** The most documents one ComputeDocuments call may carry (the gateway sends at most 64). */
export const MAX_COMPUTE_BATCH = 256;

function oneOf<T extends string>(types: readonly T[], type: string): T {
  const found = types.find((t) => t === type);
  if (!found) throw new ConnectError(`type must be one of ${types.join(", ")}`, Code.InvalidArgument);
  return found;
}

function regimeOf(value: string | undefined): IgvRegime {
  return value === "restaurants_hotels" ? "restaurants_hotels" : "general";
}

/**
 * The JSON text of a despatch advice request. Text that is not JSON is the caller's own mistake only if the
 * gateway let it through, which it never does: INVALID_ARGUMENT without field violations.
 */
function parsedBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ConnectError("request_json is not JSON", Code.InvalidArgument);
  }
}

/**
 * The tax service is the pure engine behind an RPC: every SUNAT check of a document fails here (INVALID_ARGUMENT
 * with every field violation), before any number exists.
 */
export function taxRoutes(clock: () => Date = () => new Date(), logger?: Logger) {
  const today = (given: string) => given || todayInLima(clock());
  const computeOne = (req: ComputeDocumentRequest) => {
    const result = computeDocument(invoiceRequests.fromMessage(req.request), {
      type: oneOf(SALE_TYPES, req.type),
      today: today(req.today),
      igvRegime: regimeOf(req.igvRegime),
    });
    if (!result.ok) throw violationsError(result.errors);
    return computedDocuments.toMessage(result.document);
  };
  return (router: ConnectRouter) =>
    router.service(TaxService, {
      async computeDocument(req) {
        return { document: computeOne(req) };
      },
      // Each item on its own, so one document's violations never fail the others.
      async computeDocuments(req) {
        if (req.items.length > MAX_COMPUTE_BATCH)
          throw new ConnectError(
            `at most ${MAX_COMPUTE_BATCH} documents per call (got ${req.items.length})`,
            Code.InvalidArgument,
          );
        return {
          results: req.items.map((item) => {
            try {
              return { outcome: { case: "document" as const, value: computeOne(item) } };
            } catch (error) {
              if (logger) logUnexpectedRpcError(logger, "ComputeDocuments", error);
              return { outcome: { case: "error" as const, value: itemErrorOf(error) } };
            }
          }),
        };
      },
      async computeNote(req) {
        const type = oneOf(NOTE_TYPES, req.type);
        const reference = noteReferences.fromMessage(req.modified, "modified");
        const result = computeNote(noteRequests.fromMessage(req.request), {
          type,
          today: today(req.today),
          igvRegime: regimeOf(req.igvRegime),
          modified: {
            id: reference.document_id,
            type: reference.type,
            series: reference.series,
            number: reference.number,
            issue_date: reference.issue_date,
            computed: computedDocuments.fromMessage(req.modifiedComputed, "modified_computed"),
          },
        });
        if (!result.ok) throw violationsError(result.errors);
        return { document: computedDocuments.toMessage(result.document) };
      },
      async checkDespatchAdvice(req) {
        const checked = validateDespatchAdvice(parsedBody(req.requestJson), {
          issuer: { ruc: req.issuerRuc, legal_name: req.issuerLegalName },
          today: today(req.today),
        });
        if (!checked.ok) throw violationsError(checked.errors);
        return { advice: despatchAdvices.toMessage(checked.advice) };
      },
    });
}
