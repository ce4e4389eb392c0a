import type { ConnectRouter } from "@connectrpc/connect";
import { Code, ConnectError, requireScope } from "@einvoice/platform";
import { NotificationService } from "@einvoice/proto";
import type { GetEmail, QueueDocumentEmail } from "../usecases/document-emails.js";
import type { SendInvitationEmail } from "../usecases/invitation-emails.js";
import type { GetEvent, ListEvents } from "../usecases/read-events.js";
import { type WebhookUseCases, webhookHandlers } from "./webhook-routes.js";

/** Default and maximum page sizes of the event list. */
export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 100;

export interface NotificationUseCases {
  listEvents: ListEvents;
  getEvent: GetEvent;
  webhooks: WebhookUseCases;
  queueEmail: QueueDocumentEmail;
  getEmail: GetEmail;
  sendInvitationEmail: SendInvitationEmail;
}

/** Translates RPC messages to the use cases and back; nothing else. */
export function notificationRoutes(useCases: NotificationUseCases) {
  return (router: ConnectRouter) =>
    router.service(NotificationService, {
      ...webhookHandlers(useCases.webhooks),
      async sendDocumentEmail(req) {
        const email = await useCases.queueEmail.execute(requireScope(req.scope), {
          documentId: req.documentId,
          to: req.to,
          cc: req.cc,
        });
        return { email };
      },
      async sendInvitationEmail(req) {
        requireScope(req.scope);
        await useCases.sendInvitationEmail.execute({
          to: req.to,
          link: req.link,
          companyName: req.companyName,
          role: req.role,
          language: req.language,
        });
        return {};
      },
      async getEmail(req) {
        return { email: await useCases.getEmail.execute(requireScope(req.scope), req.id) };
      },
      async listEvents(req) {
        const scope = requireScope(req.scope);
        const limit = req.limit === 0 ? DEFAULT_LIMIT : req.limit;
        if (limit < 1 || limit > MAX_LIMIT) {
          throw new ConnectError(`limit must be between 1 and ${MAX_LIMIT}`, Code.InvalidArgument);
        }
        return useCases.listEvents.execute(scope, {
          limit,
          ...(req.type ? { type: req.type } : {}),
          ...(req.documentId ? { documentId: req.documentId } : {}),
          ...(req.startingAfter ? { startingAfter: req.startingAfter } : {}),
          ...(req.endingBefore ? { endingBefore: req.endingBefore } : {}),
          ...(req.createdGte ? { createdGte: req.createdGte } : {}),
          ...(req.createdLte ? { createdLte: req.createdLte } : {}),
        });
      },
      async getEvent(req) {
        return { event: await useCases.getEvent.execute(requireScope(req.scope), req.id) };
      },
    });
}
