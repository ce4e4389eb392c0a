import type { ServiceImpl } from "@connectrpc/connect";
import { requireScope } from "@einvoice/platform";
import type { NotificationService } from "@einvoice/proto";
import type { DeliveryStatus } from "../adapters/webhook-repository.js";
import type { ListWebhookDeliveries, RetryWebhookDelivery } from "../usecases/webhook-deliveries.js";
import type {
  CreateWebhookEndpoint,
  DeleteWebhookEndpoint,
  ReadWebhookEndpoints,
  RotateWebhookSecret,
  UpdateWebhookEndpoint,
} from "../usecases/webhook-endpoints.js";

export interface WebhookUseCases {
  create: CreateWebhookEndpoint;
  read: ReadWebhookEndpoints;
  update: UpdateWebhookEndpoint;
  rotate: RotateWebhookSecret;
  remove: DeleteWebhookEndpoint;
  deliveries: ListWebhookDeliveries;
  retry: RetryWebhookDelivery;
}

const page = (req: { limit: number; startingAfter: string; endingBefore: string }) => ({
  limit: req.limit || 10,
  startingAfter: req.startingAfter || undefined,
  endingBefore: req.endingBefore || undefined,
});

/** The webhook RPCs of NotificationService: messages to use cases and back; nothing else. */
export function webhookHandlers(
  useCases: WebhookUseCases,
): Pick<
  ServiceImpl<typeof NotificationService>,
  | "createWebhookEndpoint"
  | "getWebhookEndpoint"
  | "listWebhookEndpoints"
  | "updateWebhookEndpoint"
  | "rotateWebhookSecret"
  | "deleteWebhookEndpoint"
  | "listWebhookDeliveries"
  | "retryWebhookDelivery"
> {
  return {
    async createWebhookEndpoint(req) {
      const endpoint = await useCases.create.execute(requireScope(req.scope), {
        url: req.url,
        events: req.events,
        description: req.description,
      });
      return { endpoint };
    },
    async getWebhookEndpoint(req) {
      return { endpoint: await useCases.read.one(requireScope(req.scope), req.id) };
    },
    async listWebhookEndpoints(req) {
      return useCases.read.page(requireScope(req.scope), page(req));
    },
    async updateWebhookEndpoint(req) {
      const endpoint = await useCases.update.execute(requireScope(req.scope), req.id, {
        url: req.url,
        events: req.setEvents ? req.events : undefined,
        enabled: req.enabled,
        description: req.description,
      });
      return { endpoint };
    },
    async rotateWebhookSecret(req) {
      return { endpoint: await useCases.rotate.execute(requireScope(req.scope), req.id) };
    },
    async deleteWebhookEndpoint(req) {
      return { endpoint: await useCases.remove.execute(requireScope(req.scope), req.id) };
    },
    async listWebhookDeliveries(req) {
      const status = (req.status || undefined) as DeliveryStatus | undefined;
      return useCases.deliveries.execute(requireScope(req.scope), req.endpointId, status, page(req));
    },
    async retryWebhookDelivery(req) {
      return { delivery: await useCases.retry.execute(requireScope(req.scope), req.endpointId, req.id) };
    },
  };
}
