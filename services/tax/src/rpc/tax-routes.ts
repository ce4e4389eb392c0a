import type { ConnectRouter } from "@connectrpc/connect";
import { computedDocuments, invoiceRequests } from "@einvoice/contracts";
import type { SaleDocumentType } from "@einvoice/domain";
import { Code, ConnectError, todayInLima, violationsError } from "@einvoice/platform";
import { TaxService } from "@einvoice/proto";
import { computeDocument } from "@einvoice/tax-engine";

const SALE_TYPES: readonly SaleDocumentType[] = ["01", "03"];

function saleType(type: string): SaleDocumentType {
  const found = SALE_TYPES.find((t) => t === type);
  if (!found) throw new ConnectError(`type must be one of ${SALE_TYPES.join(", ")}`, Code.InvalidArgument);
  return found;
}

/** The tax service is the pure engine behind an RPC: every SUNAT check fails here, before any number exists. */
export function taxRoutes(clock: () => Date = () => new Date()) {
  return (router: ConnectRouter) =>
    router.service(TaxService, {
      async computeDocument(req) {
        const type = saleType(req.type);
        const result = computeDocument(invoiceRequests.fromMessage(req.request), {
          type,
          today: req.today || todayInLima(clock()),
          igvRegime: req.igvRegime === "restaurants_hotels" ? "restaurants_hotels" : "general",
        });
        if (!result.ok) throw violationsError(result.errors);
        return { document: computedDocuments.toMessage(result.document) };
      },
    });
}
