import type { ConnectRouter } from "@connectrpc/connect";
import type { InvoiceRequest, SaleDocumentType } from "@einvoice/domain";
import { Code, ConnectError, todayInLima, violationsError } from "@einvoice/platform";
import { TaxService } from "@einvoice/proto";
import { computeDocument } from "@einvoice/tax-engine";

const SALE_TYPES: readonly string[] = ["01", "03"];

/** The tax service is the pure engine behind an RPC: every SUNAT check fails here, before any number exists. */
export function taxRoutes(clock: () => Date = () => new Date()) {
  return (router: ConnectRouter) =>
    router.service(TaxService, {
      async computeDocument(req) {
        if (!SALE_TYPES.includes(req.type)) {
          throw new ConnectError(`type must be one of ${SALE_TYPES.join(", ")}`, Code.InvalidArgument);
        }
        if (!req.request) throw new ConnectError("request is required", Code.InvalidArgument);
        const result = computeDocument(req.request as unknown as InvoiceRequest, {
          type: req.type as SaleDocumentType,
          today: req.today || todayInLima(clock()),
        });
        if (!result.ok) throw violationsError(result.errors);
        return { document: result.document as never };
      },
    });
}
