import type { ConnectRouter } from "@connectrpc/connect";
import { PdfInputError } from "@einvoice/pdf";
import { Code, ConnectError, requireScope } from "@einvoice/platform";
import { RenderingService } from "@einvoice/proto";
import type { RenderTicket } from "../usecases/render-ticket.js";

/** Translates the RenderTicket call to the use case and back; nothing else. */
export function renderingRoutes(useCases: { renderTicket: RenderTicket }) {
  return (router: ConnectRouter) =>
    router.service(RenderingService, {
      async renderTicket(req) {
        try {
          const key = await useCases.renderTicket.execute({
            scope: requireScope(req.scope),
            documentId: req.id,
          });
          return { key };
        } catch (error) {
          // A layout that cannot print the document will not print it on a retry either.
          if (error instanceof PdfInputError) throw new ConnectError(error.message, Code.FailedPrecondition);
          throw error;
        }
      },
    });
}
