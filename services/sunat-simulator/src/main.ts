import { createLogger, runService, storeConfig } from "@einvoice/platform";
import { openStore } from "@einvoice/store";
import { SUNAT_RUC } from "@einvoice/sunat";
import { createTestCertificate, XmlCryptoSigner } from "@einvoice/ubl";
import { registrationsCollection } from "./adapters/registry.js";
import { loadSimulatorEnv } from "./env.js";
import { BillService } from "./http/bill-service.js";
import { startSimulatorServer } from "./http/server.js";

const env = loadSimulatorEnv();
const logger = createLogger("sunat-simulator", env.LOG_LEVEL);

await runService(logger, async (lifecycle) => {
  const store = lifecycle.add("store", await openStore(storeConfig(env, "sunat-simulator")), (s) =>
    s.close(),
  );
  await store.ensure([registrationsCollection]);
  // The simulated SUNAT signs its CDRs with its own throwaway certificate, as SUNAT signs with its own.
  const sunatCredentials = createTestCertificate({ ruc: SUNAT_RUC, legalName: "SUNAT (simulator)" });
  const billService = new BillService(store, new XmlCryptoSigner(), sunatCredentials);
  const server = await startSimulatorServer({
    host: env.HOST,
    port: env.PORT,
    billService,
    ready: () => store.ping(),
    logger,
  });
  lifecycle.add("http", server, (s) => s.close());
  logger.info({ port: server.port }, "sunat-simulator ready");
});
