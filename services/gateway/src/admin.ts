import { storeConfig } from "@einvoice/platform";
import { openStore } from "@einvoice/store";
import { ApiKeyRepository, apiKeysCollection } from "./adapters/api-key-repository.js";
import { CompanyRepository, companiesCollection } from "./adapters/company-repository.js";
import {
  CompanySettingsRepository,
  companySettingsCollection,
} from "./adapters/company-settings-repository.js";
import { EnsureFirstAdmin } from "./dashboard/accounts/ensure-first-admin.js";
import { Authenticate } from "./usecases/authenticate.js";
import { CreateApiKey } from "./usecases/create-api-key.js";
import { CreateCompany } from "./usecases/create-company.js";
import { EnsureDevCompany } from "./usecases/ensure-dev-company.js";
import { apiKeyHasher } from "./usecases/server-secrets.js";
import { SetIgvRegime } from "./usecases/set-igv-regime.js";

/**
 * Administration on the gateway's own store (companies and API keys), for the admin CLI and `npm start`'s first
 * boot. It opens the same database the gateway uses, selected by the same variables.
 */
export async function openAdminStore(env: {
  DATA_DIR: string;
  MONGODB_URL: string | undefined;
  API_KEY_PEPPER?: string | undefined;
}) {
  const store = await openStore(storeConfig(env, "gateway"));
  await store.ensure([companiesCollection, apiKeysCollection, companySettingsCollection]);
  const hasher = await apiKeyHasher(env);
  return {
    createCompany: new CreateCompany(store),
    createApiKey: new CreateApiKey(store, hasher),
    authenticate: new Authenticate(store, hasher),
    ensureDevCompany: new EnsureDevCompany(store, hasher),
    ensureFirstAdmin: new EnsureFirstAdmin(store),
    apiKeys: new ApiKeyRepository(store),
    companies: new CompanyRepository(store),
    settings: new CompanySettingsRepository(store),
    setIgvRegime: new SetIgvRegime(store),
    close: () => store.close(),
  };
}

export {
  type AdminCertificate,
  AdminCommandError,
  adminCredentials,
  type CredentialServiceUrls,
} from "./admin-credentials.js";
