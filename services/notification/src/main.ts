import { join } from "node:path";
import {
  connectBroker,
  consumers,
  ensureTopology,
  startConsumer,
  warmUpBroker,
  warmUpCodecs,
} from "@einvoice/broker";
import { openObjectStore } from "@einvoice/objects";
import {
  createLogger,
  createRpcClient,
  objectStoreConfig,
  resolveMasterKeys,
  runService,
  serveRpcAndOps,
  storeConfig,
  warmUp,
} from "@einvoice/platform";
import { NumberingService } from "@einvoice/proto";
import { openStore } from "@einvoice/store";
import { emailsCollection } from "./adapters/email-repository.js";
import { eventsCollection } from "./adapters/event-repository.js";
import { SmtpMailer, startCaptureServer } from "./adapters/smtp-mailer.js";
import { webhookDeliveriesCollection, webhookEndpointsCollection } from "./adapters/webhook-repository.js";
import { WebhookSender } from "./adapters/webhook-sender.js";
import { loadNotificationEnv } from "./env.js";
import { notificationRoutes } from "./rpc/notification-routes.js";
import { notificationSecrets } from "./sealed-secrets.js";
import { WebhookDispatcher } from "./usecases/dispatch-webhooks.js";
import { EmailSender, GetEmail, QueueDocumentEmail } from "./usecases/document-emails.js";
import { SendInvitationEmail } from "./usecases/invitation-emails.js";
import { GetEvent, ListEvents, PurgeExpiredEvents } from "./usecases/read-events.js";
import { RecordDocumentEvent } from "./usecases/record-document-event.js";
import {
  EnqueueWebhookDeliveries,
  ListWebhookDeliveries,
  RetryWebhookDelivery,
} from "./usecases/webhook-deliveries.js";
import {
  CreateWebhookEndpoint,
  DeleteWebhookEndpoint,
  ReadWebhookEndpoints,
  RotateWebhookSecret,
  UpdateWebhookEndpoint,
} from "./usecases/webhook-endpoints.js";

const env = loadNotificationEnv();
const logger = createLogger("notification", env.LOG_LEVEL);

await runService(logger, { niceness: env.NICENESS }, async (lifecycle) => {
  // Before taking work: the first messages would otherwise pay for compiling the codecs every message goes through.
  await warmUp(logger, "codecs", () => warmUpCodecs());
  const store = lifecycle.add("store", await openStore(storeConfig(env, "notification"), logger), (s) =>
    s.close(),
  );
  await store.ensure([
    eventsCollection,
    webhookEndpointsCollection,
    webhookDeliveriesCollection,
    emailsCollection,
  ]);
  const secretsKey = await resolveMasterKeys(
    env.WEBHOOK_SECRETS_KEY,
    env.WEBHOOK_SECRETS_KEYS_PREVIOUS,
    env.DATA_DIR,
    notificationSecrets.key,
  );
  const webhookSettings = {
    store,
    secretsKey,
    allowInsecureInTestMode: env.WEBHOOK_ALLOW_INSECURE_TEST_MODE === "true",
  };
  const dispatcher = lifecycle.add(
    "webhooks",
    new WebhookDispatcher({
      store,
      sender: new WebhookSender({
        timeoutMs: env.WEBHOOK_TIMEOUT_MS,
        allowPrivate: env.WEBHOOK_ALLOW_INSECURE_TEST_MODE === "true",
      }),
      secretsKey,
      logger,
      settings: {
        pollMs: env.WEBHOOK_POLL_MS,
        concurrency: env.WEBHOOK_CONCURRENCY,
        perEndpoint: env.WEBHOOK_PER_ENDPOINT,
        leaseMs: env.WEBHOOK_TIMEOUT_MS * 3,
      },
    }),
    (d) => d.stop(),
  );
  const wakeDispatcher = () => dispatcher.wake();
  const enqueueWebhooks = new EnqueueWebhookDeliveries(store, wakeDispatcher);

  const broker = lifecycle.add(
    "broker",
    await connectBroker({ url: env.NATS_URL, name: "notification" }),
    (b) => b.close(),
  );
  await warmUp(logger, "broker", () => warmUpBroker(broker.nc));
  await ensureTopology(broker.jsm, [consumers.notificationState], { replicas: env.NATS_STREAM_REPLICAS });

  const numbering = createRpcClient(NumberingService, env.NUMBERING_URL, { timeoutMs: env.RPC_TIMEOUT_MS });
  const objects = await openObjectStore(objectStoreConfig(env));
  const capture = env.SMTP_URL
    ? null
    : lifecycle.add("smtp-capture", await startCaptureServer(join(env.DATA_DIR, "emails"), logger), (c) =>
        c.close(),
      );
  const mailer = lifecycle.add(
    "mailer",
    new SmtpMailer(env.SMTP_URL ?? capture!.url, env.RPC_TIMEOUT_MS),
    (m) => m.close(),
  );
  const emails = lifecycle.add(
    "emails",
    new EmailSender({
      store,
      broker,
      numbering,
      objects,
      mailer,
      logger,
      webhooks: enqueueWebhooks,
      settings: {
        from: env.EMAIL_FROM,
        retryDelaysMs: env.EMAIL_RETRY_DELAYS_MS,
        pollMs: 1_000,
        leaseMs: env.RPC_TIMEOUT_MS * 6,
        filesWaitMs: 3_600_000,
      },
    }),
    (e) => e.stop(),
  );

  const recordEvent = new RecordDocumentEvent(store, broker, undefined, enqueueWebhooks);
  lifecycle.add(
    "state-consumer",
    await startConsumer(
      broker.js,
      consumers.notificationState,
      (p, ctx) => recordEvent.execute(p, ctx),
      logger,
    ),
    (c) => c.stop(),
  );

  const retention = { days: env.EVENT_RETENTION_DAYS };
  const purge = new PurgeExpiredEvents(store, retention);
  const purgeTimer = setInterval(
    () =>
      void purge
        .execute()
        .then((n) => n > 0 && logger.info({ deleted: n }, "expired events deleted"))
        .catch((err) => logger.warn({ err }, "event purge failed")),
    60 * 60_000,
  );
  lifecycle.onShutdown("purge", () => clearInterval(purgeTimer));

  dispatcher.start();
  emails.start();
  await serveRpcAndOps(lifecycle, {
    service: "notification",
    host: env.HOST,
    rpcPort: env.RPC_PORT,
    opsPort: env.OPS_PORT,
    logger,
    routes: notificationRoutes({
      listEvents: new ListEvents(store, retention),
      getEvent: new GetEvent(store, retention),
      webhooks: {
        create: new CreateWebhookEndpoint(webhookSettings),
        read: new ReadWebhookEndpoints(webhookSettings),
        update: new UpdateWebhookEndpoint(webhookSettings),
        rotate: new RotateWebhookSecret(webhookSettings),
        remove: new DeleteWebhookEndpoint(webhookSettings),
        deliveries: new ListWebhookDeliveries(store),
        retry: new RetryWebhookDelivery(store, wakeDispatcher),
      },
      queueEmail: new QueueDocumentEmail({ store, numbering, onQueued: () => emails.wake() }),
      getEmail: new GetEmail(store),
      sendInvitationEmail: new SendInvitationEmail({ mailer, from: env.EMAIL_FROM, logger }),
    }),
    checks: { store: () => store.ping(), broker: () => broker.ping() },
  });
});
