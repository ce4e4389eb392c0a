import { parseArgs } from "node:util";
import { openAdminStore } from "@einvoice/gateway/admin";

/**
 * Admin CLI on the gateway's store (same DATA_DIR / MONGODB_URL as the gateway):
 *   npm run admin -- company create --ruc 20123456789 --name "ACME S.A.C." --address "Av. Lima 123" [--ubigeo 150101]
 *   npm run admin -- company list
 *   npm run admin -- key create --company cmp_… --mode test|live
 */
const [resource, action, ...rest] = process.argv.slice(2);
const { values } = parseArgs({
  args: rest,
  options: {
    ruc: { type: "string" },
    name: { type: "string" },
    address: { type: "string" },
    ubigeo: { type: "string" },
    company: { type: "string" },
    mode: { type: "string" },
  },
});

const admin = await openAdminStore({
  DATA_DIR: process.env.DATA_DIR ?? ".data",
  MONGODB_URL: process.env.MONGODB_URL,
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
    if (values.mode !== "test" && values.mode !== "live") throw new Error("--mode must be test or live");
    const key = await admin.createApiKey.execute(values.company ?? "", values.mode === "live");
    console.log(`Created ${key.id}. This secret is shown once; store it now:\n${key.secret}`);
  } else {
    throw new Error("usage: admin company create|list, admin key create --company cmp_… --mode test|live");
  }
} catch (error) {
  console.error(`error: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await admin.close();
}
