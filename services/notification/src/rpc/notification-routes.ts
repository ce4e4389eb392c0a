import type { ConnectRouter } from "@connectrpc/connect";
import { Code, ConnectError, notFound } from "@einvoice/platform";
import { NotificationService } from "@einvoice/proto";
import type { Store } from "@einvoice/store";
import { EventRepository } from "../adapters/event-repository.js";
import { presentEvent } from "../usecases/record-document-event.js";

/** Default and maximum page sizes of the event list. */
export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 100;

export function notificationRoutes(store: Store) {
  return (router: ConnectRouter) =>
    router.service(NotificationService, {
      async listEvents(req) {
        if (!req.scope?.companyId)
          throw new ConnectError("scope.company_id is required", Code.InvalidArgument);
        const limit = req.limit === 0 ? DEFAULT_LIMIT : req.limit;
        if (limit < 1 || limit > MAX_LIMIT) {
          throw new ConnectError(`limit must be between 1 and ${MAX_LIMIT}`, Code.InvalidArgument);
        }
        // One extra row tells whether another page exists.
        const rows = await new EventRepository(store).list({
          companyId: req.scope.companyId,
          livemode: req.scope.livemode,
          limit: limit + 1,
          ...(req.type ? { type: req.type } : {}),
          ...(req.documentId ? { documentId: req.documentId } : {}),
          ...(req.startingAfter ? { startingAfter: req.startingAfter } : {}),
        });
        return {
          events: rows.slice(0, limit).map((r) => presentEvent(r) as never),
          hasMore: rows.length > limit,
        };
      },
      async getEvent(req) {
        if (!req.scope?.companyId)
          throw new ConnectError("scope.company_id is required", Code.InvalidArgument);
        const record = await new EventRepository(store).findById(
          req.scope.companyId,
          req.scope.livemode,
          req.id,
        );
        if (!record) throw notFound("event", req.id);
        return { event: presentEvent(record) as never };
      },
    });
}
