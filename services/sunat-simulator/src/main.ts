import { createLogger, runService, storeConfig } from "@einvoice/platform";
import { openStore } from "@einvoice/store";
import { SUNAT_RUC } from "@einvoice/sunat";
import { createTestCertificate, LeanSignerWithFallback } from "@einvoice/ubl";
import { XmllintValidator } from "./adapters/xsd-validator.js";
import { seededRandom } from "./domain/index.js";
import { configuredKnobs, greClients, loadSimulatorEnv } from "./env.js";
import { startSimulator } from "./simulator.js";

const env = loadSimulatorEnv();
const logger = createLogger("sunat-simulator", env.LOG_LEVEL);

await runService(logger, async (lifecycle) => {
  if (env.SIM_XSD_DIR) XmllintValidator.assertAvailable();
  // A stand-in for SUNAT: what it registered must survive a crash of the process (the recovery tests kill it),
  // not a power cut, so its commits do not wait for the disk.
  const config = storeConfig(env, "sunat-simulator");
  const store = lifecycle.add(
    "store",
    await openStore(config.engine === "sqlite" ? { ...config, durableCommits: false } : config, logger),
    (s) => s.close(),
  );
  const clients = greClients(env);
  const server = await startSimulator({
    host: env.HOST,
    port: env.PORT,
    store,
    logger,
    // CDRs signed the fast way (xml-crypto stays behind it for anything the lean canonicalizer refuses).
    signer: new LeanSignerWithFallback(),
    // The simulated SUNAT signs its CDRs with its own throwaway certificate, as SUNAT signs with its own.
    sunatCredentials: createTestCertificate({ ruc: SUNAT_RUC, legalName: "SUNAT (simulator)" }),
    knobs: configuredKnobs(env),
    ...(env.SIM_RANDOM_SEED !== undefined && { random: seededRandom(env.SIM_RANDOM_SEED) }),
    ...(env.SIM_XSD_DIR && { xsd: new XmllintValidator(env.SIM_XSD_DIR) }),
    ...(clients && { greClients: clients }),
    greTokenTtlSeconds: env.SIM_GRE_TOKEN_TTL_S,
  });
  lifecycle.add("http", server, (s) => s.close());
  logger.info({ port: server.port, xsd: env.SIM_XSD_DIR ?? null }, "sunat-simulator ready");
});
