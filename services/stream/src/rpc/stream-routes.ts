import type { ConnectRouter } from "@connectrpc/connect";
import { requireScope } from "@einvoice/platform";
import { StreamService } from "@einvoice/proto";
import type { SubscribeEvents } from "../usecases/subscribe-events.js";

/** Translates the Subscribe call to the use case and its items to messages; nothing else. */
export function streamRoutes(subscribe: SubscribeEvents) {
  return (router: ConnectRouter) =>
    router.service(StreamService, {
      async *subscribe(req, context) {
        const input = {
          scope: requireScope(req.scope),
          after: req.after,
          types: req.types,
          documentId: req.documentId,
        };
        for await (const item of subscribe.execute(input, context.signal)) {
          yield "position" in item
            ? { item: { case: "position" as const, value: item.position } }
            : { item: { case: "event" as const, value: item.event } };
        }
      },
    });
}
