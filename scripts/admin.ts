import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import {
  type AdminCertificate,
  AdminCommandError,
  adminCredentials,
  openAdminStore,
} from "@einvoice/gateway/admin";
import { assertNodeRuntime } from "@einvoice/platform";
import {
  formatRotation,
  rotateMasterKeys,
  rotationIncomplete,
  SEALING_SERVICES,
} from "./master-key-rotation.js";

/**
 * Admin CLI.
 *
 * On the gateway's store (same DATA_DIR / MONGODB_URL as the gateway):
 *   npm run admin -- company create --ruc 20123456786 --name "ACME S.A.C." --address "Av. Lima 123" [--ubigeo 150101]
 *   npm run admin -- company list
 *   npm run admin -- key create --company cmp_… --mode test|live
 *   npm run admin -- key list --company cmp_…
 *   npm run admin -- key revoke --id key_…
 *   npm run admin -- igv-regime set --company cmp_… --mode test|live --regime general|restaurants_hotels
 *   npm run admin -- igv-regime show --company cmp_… --mode test|live
 *
 * Through the running services (SIGNING_URL default http://127.0.0.1:7030, SUBMISSION_URL default
 * http://127.0.0.1:7040), because each keeps its own credentials encrypted:
 *   npm run admin -- certificate upload --company cmp_… --mode live|test (--pfx file.pfx --password … | --cert cert.pem --key key.pem)
 *   npm run admin -- sol set --company cmp_… --mode live|test --user MODDATOS --password …
 *   npm run admin -- gre set --company cmp_… --mode live|test --client-id … --client-secret …
 *
 * On the stores of signing, submission and notification (same DATA_DIR / MONGODB_URL and master key variables
 * as those services), re-sealing every stored secret under each service's current master key:
 *   npm run admin -- master-key rotate [--service signing|submission|notification]
 */
const USAGE = `usage:
  admin company create --ruc <ruc> --name <legal name> --address <address> [--ubigeo <6 digits>]
  admin company list
  admin key create --company cmp_… --mode test|live
  admin key list --company cmp_…
  admin key revoke --id key_…
  admin igv-regime set --company cmp_… --mode test|live --regime general|restaurants_hotels
  admin igv-regime show --company cmp_… --mode test|live
  admin certificate upload --company cmp_… --mode test|live (--pfx <file> --password <p> | --cert <pem file> --key <pem file>)
  admin sol set --company cmp_… --mode test|live --user <SOL user> --password <p>
  admin gre set --company cmp_… --mode test|live --client-id <GRE client_id> --client-secret <secret>
  admin master-key rotate [--service signing|submission|notification]`;

assertNodeRuntime();
const [resource, action, ...rest] = process.argv.slice(2);

try {
  const { values } = parseArgs({
    args: rest,
    options: {
      ruc: { type: "string" },
      name: { type: "string" },
      address: { type: "string" },
      ubigeo: { type: "string" },
      company: { type: "string" },
      mode: { type: "string" },
      regime: { type: "string" },
      pfx: { type: "string" },
      password: { type: "string" },
      cert: { type: "string" },
      key: { type: "string" },
      user: { type: "string" },
      id: { type: "string" },
      "client-id": { type: "string" },
      "client-secret": { type: "string" },
      service: { type: "string" },
    },
  });
  const livemode = () => {
    if (values.mode !== "test" && values.mode !== "live")
      throw new AdminCommandError("--mode must be test or live");
    return values.mode === "live";
  };

  if (resource === "certificate" && action === "upload") {
    const certificate = await adminCredentials(serviceUrls()).uploadCertificate(
      values.company ?? "",
      livemode(),
      await readCertificateFiles(values),
    );
    console.log(
      [
        `Stored the ${values.mode} certificate of ${values.company}:`,
        `  subject      ${certificate.subject}`,
        `  issuer       ${certificate.issuer}`,
        `  serial       ${certificate.serialNumber}`,
        `  sha-256      ${certificate.fingerprintSha256}`,
        `  valid        ${certificate.notBefore} → ${certificate.expiresAt}`,
      ].join("\n"),
    );
  } else if (resource === "sol" && action === "set") {
    if (!values.user || !values.password) throw new AdminCommandError("--user and --password are required");
    const user = await adminCredentials(serviceUrls()).setSolCredentials(
      values.company ?? "",
      livemode(),
      values.user,
      values.password,
    );
    console.log(`Stored the ${values.mode} SOL user ${user} of ${values.company}.`);
  } else if (resource === "gre" && action === "set") {
    const clientId = values["client-id"];
    const clientSecret = values["client-secret"];
    if (!clientId || !clientSecret)
      throw new AdminCommandError("--client-id and --client-secret are required");
    const stored = await adminCredentials(serviceUrls()).setGreCredentials(
      values.company ?? "",
      livemode(),
      clientId,
      clientSecret,
    );
    // Never the secret: the client_id identifies which credentials are in use.
    console.log(`Stored the ${values.mode} GRE client ${stored} of ${values.company}.`);
  } else if (resource === "master-key" && action === "rotate") {
    const services = SEALING_SERVICES.filter(
      (s) => values.service === undefined || s.service === values.service,
    );
    if (services.length === 0)
      throw new AdminCommandError(
        `--service must be one of ${SEALING_SERVICES.map((s) => s.service).join(", ")}`,
      );
    const results = await rotateMasterKeys(process.env, services);
    // Key ids, record ids and counts only: never a key or a secret.
    console.log(formatRotation(results));
    if (rotationIncomplete(results)) process.exitCode = 1;
    if (results.every((r) => r.skipped)) {
      // Most likely the wrong DATA_DIR or MONGODB_URL: say so instead of a silent success.
      console.error(
        "error: found no stored secrets to rotate; check DATA_DIR, MONGODB_URL and the key variables",
      );
      process.exitCode = 1;
    }
  } else if (
    (resource === "company" && (action === "create" || action === "list")) ||
    resource === "key" ||
    resource === "igv-regime"
  ) {
    await storeCommand(values, livemode);
  } else {
    throw new AdminCommandError(USAGE);
  }
} catch (error) {
  console.error(`error: ${(error as Error).message}`);
  process.exitCode = 1;
}
// The RPC clients keep HTTP/2 sessions open for reuse; a one-shot command has nothing left to do.
process.exit();

function serviceUrls() {
  return {
    signing: process.env.SIGNING_URL || "http://127.0.0.1:7030",
    submission: process.env.SUBMISSION_URL || "http://127.0.0.1:7040",
  };
}

async function readCertificateFiles(values: {
  pfx?: string | undefined;
  password?: string | undefined;
  cert?: string | undefined;
  key?: string | undefined;
}): Promise<AdminCertificate> {
  const read = async (file: string, flag: string) =>
    readFile(file).catch((error: NodeJS.ErrnoException) => {
      throw new AdminCommandError(`cannot read ${flag} ${file}: ${error.code ?? error.message}`);
    });
  if (values.pfx !== undefined && values.cert === undefined && values.key === undefined) {
    if (values.password === undefined) throw new AdminCommandError("--password is required with --pfx");
    return { pfx: await read(values.pfx, "--pfx"), password: values.password };
  }
  if (values.cert !== undefined && values.key !== undefined && values.pfx === undefined) {
    return {
      certificatePem: (await read(values.cert, "--cert")).toString("utf8"),
      privateKeyPem: (await read(values.key, "--key")).toString("utf8"),
    };
  }
  throw new AdminCommandError(
    "give either --pfx <file> --password <p>, or --cert <pem file> --key <pem file>",
  );
}

async function storeCommand(
  values: {
    ruc?: string;
    name?: string;
    address?: string;
    ubigeo?: string;
    company?: string;
    id?: string;
    regime?: string;
  },
  livemode: () => boolean,
) {
  const admin = await openAdminStore({
    DATA_DIR: process.env.DATA_DIR ?? ".data",
    MONGODB_URL: process.env.MONGODB_URL,
    API_KEY_PEPPER: process.env.API_KEY_PEPPER,
  });
  try {
    if (resource === "company" && action === "create") {
      const company = await admin.createCompany.execute({
        ruc: values.ruc ?? "",
        legal_name: values.name ?? "",
        address: { line: values.address ?? "", ...(values.ubigeo ? { ubigeo: values.ubigeo } : {}) },
      });
      console.log(JSON.stringify(company, null, 2));
    } else if (resource === "company" && action === "list") {
      for (const c of await admin.companies.list()) console.log(`${c._id}  ${c.ruc}  ${c.legal_name}`);
    } else if (resource === "key" && action === "create") {
      const key = await admin.createApiKey.execute(values.company ?? "", livemode());
      console.log(`Created ${key.id}. This secret is shown once; store it now:\n${key.secret}`);
    } else if (resource === "key" && action === "list") {
      // Never the secret: only what identifies a key and tells whether it is in use.
      for (const k of await admin.apiKeys.listByCompany(values.company ?? "")) {
        const state = k.revoked_at ? `revoked ${k.revoked_at}` : `last used ${k.last_used_at ?? "never"}`;
        console.log(
          `${k._id}  ${k.livemode ? "live" : "test"}  ${k.redacted}  created ${k.created_at}  ${state}`,
        );
      }
    } else if (resource === "igv-regime" && (action === "set" || action === "show")) {
      // The regime of one mode, as PUT /v1/company/igv_regime sets it with that mode's key.
      const company = await admin.companies.findById(values.company ?? "");
      if (!company) throw new AdminCommandError(`no company ${values.company ?? "(give --company cmp_…)"}`);
      const scope = { companyId: company._id, livemode: livemode() };
      if (action === "set") {
        const regime = values.regime;
        if (regime !== "general" && regime !== "restaurants_hotels")
          throw new AdminCommandError("--regime must be general or restaurants_hotels");
        await admin.setIgvRegime.execute(scope, regime);
      }
      console.log(
        `${company._id}  ${scope.livemode ? "live" : "test"}  igv_regime ${await admin.settings.igvRegime(scope)}`,
      );
    } else if (resource === "key" && action === "revoke") {
      const revoked = await admin.apiKeys.revoke(values.id ?? "", new Date().toISOString());
      if (!revoked) throw new AdminCommandError(`no live key ${values.id ?? "(give --id key_…)"}`);
      console.log(`Revoked ${revoked._id} (${revoked.redacted}); it opens no request from now on.`);
    } else {
      throw new AdminCommandError(USAGE);
    }
  } finally {
    await admin.close();
  }
}
