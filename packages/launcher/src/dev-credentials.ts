import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { openAdminStore } from "@einvoice/gateway/admin";

export interface DevCredentials {
  company_id: string;
  api_key: string;
}

/**
 * On an empty data dir: creates a test company and a test key, and keeps the key in `dev-credentials.json`
 * (mode 0600) so every later `npm start` prints the same key. Keys are stored hashed, so this file is the only
 * place the secret survives; it is a local-development convenience, never used in production.
 */
export async function ensureDevCredentials(
  dataDir: string,
  mongodbUrl: string | undefined = process.env.MONGODB_URL,
): Promise<DevCredentials> {
  const file = join(dataDir, "dev-credentials.json");
  const admin = await openAdminStore({ DATA_DIR: dataDir, MONGODB_URL: mongodbUrl });
  try {
    try {
      const saved = JSON.parse(await readFile(file, "utf8")) as DevCredentials;
      if (await admin.authenticate.execute(saved.api_key)) return saved;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
    const company = await admin.createCompany.execute({
      ruc: "20000000001",
      legal_name: "EMPRESA DE PRUEBA S.A.C.",
      address: {
        line: "AV. JAVIER PRADO ESTE 123",
        ubigeo: "150131",
        district: "SAN ISIDRO",
        province: "LIMA",
        department: "LIMA",
      },
    });
    const key = await admin.createApiKey.execute(company._id, false);
    const credentials = { company_id: company._id, api_key: key.secret };
    await writeFile(file, JSON.stringify(credentials, null, 2), { mode: 0o600 });
    return credentials;
  } finally {
    await admin.close();
  }
}
