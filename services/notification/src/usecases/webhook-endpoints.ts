import { create } from "@bufbuild/protobuf";
import { type FieldError, type Scope, WEBHOOK_ENDPOINT_OBJECT_VALUES } from "@einvoice/domain";
import {
  decryptSecret,
  encryptSecret,
  NOTIFICATION_ERRORS,
  newId,
  notFound,
  type SecretKeys,
  SHAPE_ERRORS,
  violationsError,
} from "@einvoice/platform";
import { api } from "@einvoice/proto";
import type { PageRequest, Store } from "@einvoice/store";
import { type WebhookEndpointRecord, WebhookRepository } from "../adapters/webhook-repository.js";
import { checkWebhookUrl } from "../domain/public-address.js";
import { WEBHOOK_EVENT_TYPES } from "../domain/webhook-events.js";
import { newWebhookSecret } from "../domain/webhook-signature.js";

/** What every endpoint use case needs: the store, the key that seals secrets, the development allowance, a clock. */
export interface WebhookSettings {
  store: Store;
  /** Master keys sealing the endpoints' secrets at rest (the current one seals; previous ones still open). */
  secretsKey: SecretKeys;
  /** http:// and private addresses for local receivers; test mode only, off by default. */
  allowInsecureInTestMode: boolean;
  clock?: () => Date;
}

export interface EndpointChanges {
  url?: string | undefined;
  events?: string[] | undefined;
  enabled?: boolean | undefined;
  description?: string | undefined;
}

const MAX_DESCRIPTION = 500;
/** The associated data of an endpoint's sealed secret (also used by the master key rotation). */
export const webhookSecretContext = (id: string) => `webhook-endpoint:${id}`;
const context = webhookSecretContext;

/** The endpoint as answered; `secret` only when it was just made (create and rotate). */
export function endpointMessage(record: WebhookEndpointRecord, secret?: string): api.WebhookEndpoint {
  return create(api.WebhookEndpointSchema, {
    id: record._id,
    object: WEBHOOK_ENDPOINT_OBJECT_VALUES[0],
    url: record.url,
    events: record.events,
    enabled: record.enabled,
    description: record.description,
    livemode: record.livemode,
    createdAt: record.created_at,
    updatedAt: record.updated_at,
    ...(secret ? { secret } : {}),
  });
}

/** The signing secret of an endpoint, unsealed for the worker. */
export function endpointSecret(record: WebhookEndpointRecord, secretsKey: SecretKeys): string {
  return decryptSecret(record.secret_box, secretsKey, context(record._id));
}

function check(
  scope: Scope,
  changes: EndpointChanges,
  settings: WebhookSettings,
  creating: boolean,
): FieldError[] {
  const errors: FieldError[] = [];
  if (creating && !changes.url)
    errors.push({ param: "url", code: SHAPE_ERRORS.parameter_missing.code, message: "url is required." });
  if (changes.url !== undefined) {
    const verdict = checkWebhookUrl(changes.url, {
      allowInsecure: settings.allowInsecureInTestMode && !scope.livemode,
    });
    if (!verdict.ok)
      errors.push({ param: "url", code: NOTIFICATION_ERRORS.url_invalid.code, message: verdict.reason });
  }
  const events = changes.events;
  if (events !== undefined) {
    if (events.length === 0)
      errors.push({
        param: "events",
        code: SHAPE_ERRORS.parameter_invalid.code,
        message: 'events must list at least one type, or "*".',
      });
    events.forEach((type, i) => {
      if (type !== "*" && !(WEBHOOK_EVENT_TYPES as readonly string[]).includes(type))
        errors.push({
          param: `events.${i}`,
          code: NOTIFICATION_ERRORS.event_type_unknown.code,
          message: `events.${i} is not an event type; use "*" or one of ${WEBHOOK_EVENT_TYPES.join(", ")}.`,
        });
    });
  }
  if (changes.description !== undefined && changes.description.length > MAX_DESCRIPTION)
    errors.push({
      param: "description",
      code: SHAPE_ERRORS.parameter_invalid.code,
      message: `description must be at most ${MAX_DESCRIPTION} characters.`,
    });
  return errors;
}

const normalizedEvents = (events: string[] | undefined) =>
  !events || events.length === 0 || events.includes("*") ? ["*"] : [...new Set(events)];

export class CreateWebhookEndpoint {
  constructor(private readonly settings: WebhookSettings) {}

  async execute(scope: Scope, input: EndpointChanges): Promise<api.WebhookEndpoint> {
    const errors = check(
      scope,
      { ...input, events: input.events?.length ? input.events : undefined },
      this.settings,
      true,
    );
    if (errors.length > 0) throw violationsError(errors);
    const now = (this.settings.clock ?? (() => new Date()))().toISOString();
    const id = newId("we");
    const secret = newWebhookSecret();
    const record: WebhookEndpointRecord = {
      _id: id,
      company_id: scope.companyId,
      livemode: scope.livemode,
      url: input.url!,
      events: normalizedEvents(input.events),
      enabled: true,
      description: input.description ?? "",
      secret_box: encryptSecret(secret, this.settings.secretsKey, context(id)),
      created_at: now,
      updated_at: now,
    };
    await new WebhookRepository(this.settings.store).insertEndpoint(record);
    return endpointMessage(record, secret);
  }
}

export class UpdateWebhookEndpoint {
  constructor(private readonly settings: WebhookSettings) {}

  async execute(scope: Scope, id: string, changes: EndpointChanges): Promise<api.WebhookEndpoint> {
    const errors = check(scope, changes, this.settings, false);
    if (errors.length > 0) throw violationsError(errors);
    const now = (this.settings.clock ?? (() => new Date()))().toISOString();
    const record = await new WebhookRepository(this.settings.store).updateEndpoint(scope, id, {
      ...(changes.url !== undefined ? { url: changes.url } : {}),
      ...(changes.events !== undefined ? { events: normalizedEvents(changes.events) } : {}),
      ...(changes.enabled !== undefined ? { enabled: changes.enabled } : {}),
      ...(changes.description !== undefined ? { description: changes.description } : {}),
      updated_at: now,
    });
    if (!record) throw notFound("webhook endpoint", id);
    return endpointMessage(record);
  }
}

/** A new secret, returned once; the old one stops signing at once. */
export class RotateWebhookSecret {
  constructor(private readonly settings: WebhookSettings) {}

  async execute(scope: Scope, id: string): Promise<api.WebhookEndpoint> {
    const secret = newWebhookSecret();
    const record = await new WebhookRepository(this.settings.store).updateEndpoint(scope, id, {
      secret_box: encryptSecret(secret, this.settings.secretsKey, context(id)),
      updated_at: (this.settings.clock ?? (() => new Date()))().toISOString(),
    });
    if (!record) throw notFound("webhook endpoint", id);
    return endpointMessage(record, secret);
  }
}

export class DeleteWebhookEndpoint {
  constructor(private readonly settings: WebhookSettings) {}

  async execute(scope: Scope, id: string): Promise<api.WebhookEndpoint> {
    const repository = new WebhookRepository(this.settings.store);
    const record = await repository.findEndpoint(scope, id);
    if (!record || !(await repository.deleteEndpoint(scope, id))) throw notFound("webhook endpoint", id);
    return endpointMessage(record);
  }
}

export class ReadWebhookEndpoints {
  constructor(private readonly settings: WebhookSettings) {}

  async one(scope: Scope, id: string): Promise<api.WebhookEndpoint> {
    const record = await new WebhookRepository(this.settings.store).findEndpoint(scope, id);
    if (!record) throw notFound("webhook endpoint", id);
    return endpointMessage(record);
  }

  async page(
    scope: Scope,
    page: PageRequest,
  ): Promise<{ endpoints: api.WebhookEndpoint[]; hasMore: boolean }> {
    const found = await new WebhookRepository(this.settings.store).listEndpoints(scope, page);
    return { endpoints: found.rows.map((r) => endpointMessage(r)), hasMore: found.hasMore };
  }
}
