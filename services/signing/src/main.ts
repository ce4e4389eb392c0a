import { connectBroker, consumers, ensureTopology, startConsumer, warmUpBroker } from "@einvoice/broker";
import { openObjectStore } from "@einvoice/objects";
import {
  createLogger,
  objectStoreConfig,
  resolveMasterKeys,
  runService,
  serveRpcAndOps,
  storeConfig,
  warmUp,
} from "@einvoice/platform";
import { openStore } from "@einvoice/store";
import { credentialsCollection } from "./adapters/credential-repository.js";
import { createSigner } from "./adapters/preferred-signer.js";
import { SignatureRepository, signaturesCollection } from "./adapters/signature-repository.js";
import { loadSigningEnv } from "./env.js";
import { signingRoutes } from "./rpc/signing-routes.js";
import { signingSecrets } from "./sealed-secrets.js";
import { CredentialVault } from "./usecases/credential-vault.js";
import { SignDespatchAdvice } from "./usecases/sign-despatch-advice.js";
import { SignDocument } from "./usecases/sign-document.js";
import { SignSummary } from "./usecases/sign-summary.js";
import { UploadCertificate } from "./usecases/upload-certificate.js";
import { warmUpSigning } from "./usecases/warm-up-signing.js";

const env = loadSigningEnv();
const logger = createLogger("signing", env.LOG_LEVEL);

await runService(logger, { niceness: env.NICENESS }, async (lifecycle) => {
  const store = lifecycle.add("store", await openStore(storeConfig(env, "signing"), logger), (s) =>
    s.close(),
  );
  await store.ensure([credentialsCollection, signaturesCollection]);
  const objects = await openObjectStore(objectStoreConfig(env));
  const broker = lifecycle.add("broker", await connectBroker({ url: env.NATS_URL, name: "signing" }), (b) =>
    b.close(),
  );
  await warmUp(logger, "broker", () => warmUpBroker(broker.nc));
  await ensureTopology(broker.jsm, [consumers.signingIssued, consumers.signingDespatchIssued], {
    replicas: env.NATS_STREAM_REPLICAS,
  });

  const masterKey = await resolveMasterKeys(
    env.SIGNING_MASTER_KEY,
    env.SIGNING_MASTER_KEYS_PREVIOUS,
    env.DATA_DIR,
    signingSecrets.key,
  );
  const vault = new CredentialVault(store, masterKey);
  const signer = createSigner(env.SIGNER, logger);
  // Before taking work: the first documents would otherwise pay for compiling the codecs, builder and signer.
  await warmUp(logger, "signer", () => warmUpSigning(signer));
  // Invoices, receipts and guides are signed by the same steps; only the UBL builder differs.
  const signOnce = {
    signatures: new SignatureRepository(store),
    objects,
    broker,
    vault,
    signer,
    clock: () => new Date(),
  };
  const signDocument = new SignDocument(signOnce);
  lifecycle.add(
    "issued-consumer",
    await startConsumer(broker.js, consumers.signingIssued, (p, ctx) => signDocument.execute(p, ctx), logger),
    (c) => c.stop(),
  );
  const signDespatch = new SignDespatchAdvice(signOnce);
  lifecycle.add(
    "despatch-issued-consumer",
    await startConsumer(
      broker.js,
      consumers.signingDespatchIssued,
      (p, ctx) => signDespatch.execute(p, ctx),
      logger,
    ),
    (c) => c.stop(),
  );

  await serveRpcAndOps(lifecycle, {
    service: "signing",
    host: env.HOST,
    rpcPort: env.RPC_PORT,
    opsPort: env.OPS_PORT,
    logger,
    routes: signingRoutes(vault, new UploadCertificate(store, masterKey), new SignSummary(vault, signer)),
    checks: { store: () => store.ping(), broker: () => broker.ping(), objects: () => objects.ping() },
  });
});
