import { connectBroker, consumers, ensureTopology, startConsumer } from "@einvoice/broker";
import { createLogger, runService, serveRpcAndOps, storeConfig } from "@einvoice/platform";
import { openStore } from "@einvoice/store";
import { eventsCollection } from "./adapters/event-repository.js";
import { loadNotificationEnv } from "./env.js";
import { notificationRoutes } from "./rpc/notification-routes.js";
import { GetEvent, ListEvents, PurgeExpiredEvents } from "./usecases/read-events.js";
import { RecordDocumentEvent } from "./usecases/record-document-event.js";

const env = loadNotificationEnv();
const logger = createLogger("notification", env.LOG_LEVEL);

await runService(logger, async (lifecycle) => {
  const store = lifecycle.add("store", await openStore(storeConfig(env, "notification")), (s) => s.close());
  await store.ensure([eventsCollection]);
  const broker = lifecycle.add(
    "broker",
    await connectBroker({ url: env.NATS_URL, name: "notification" }),
    (b) => b.close(),
  );
  await ensureTopology(broker.jsm, [consumers.notificationState]);

  const recordEvent = new RecordDocumentEvent(store, broker);
  lifecycle.add(
    "state-consumer",
    await startConsumer(broker.js, consumers.notificationState, (p) => recordEvent.execute(p), logger),
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

  await serveRpcAndOps(lifecycle, {
    service: "notification",
    host: env.HOST,
    rpcPort: env.RPC_PORT,
    opsPort: env.OPS_PORT,
    logger,
    routes: notificationRoutes({
      listEvents: new ListEvents(store, retention),
      getEvent: new GetEvent(store, retention),
    }),
    checks: { store: () => store.ping(), broker: () => broker.ping() },
  });
});
