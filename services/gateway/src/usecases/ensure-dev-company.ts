import type { Store } from "@einvoice/store";
import { CompanyRepository } from "../adapters/company-repository.js";
import type { ApiKeyHasher } from "./api-keys.js";
import { Authenticate } from "./authenticate.js";
import { CreateApiKey } from "./create-api-key.js";
import { CreateCompany, type CreateCompanyCommand } from "./create-company.js";

/** The test company `npm start` issues with (README: RUC 20000000001). */
export const DEV_COMPANY: CreateCompanyCommand = {
  ruc: "20000000001",
  legal_name: "EMPRESA DE PRUEBA S.A.C.",
  address: {
    line: "AV. JAVIER PRADO ESTE 123",
    ubigeo: "150131",
    district: "SAN ISIDRO",
    province: "LIMA",
    department: "LIMA",
  },
};

export interface DevCredentials {
  company_id: string;
  api_key: string;
  /** True when the key is new: its secret exists nowhere else, so the caller must keep it now. */
  created: boolean;
}

/**
 * Local development's company and test key. A saved test key that still opens its company is kept; otherwise a
 * new test key is made, for the test company, which is created only if no company has its RUC yet. Keys are
 * stored hashed, so the caller keeps the secret.
 */
export class EnsureDevCompany {
  constructor(
    private readonly store: Store,
    private readonly hasher: ApiKeyHasher,
  ) {}

  async execute(savedKey: string | undefined): Promise<DevCredentials> {
    if (savedKey) {
      const caller = await new Authenticate(this.store, this.hasher).execute(savedKey);
      if (caller && !caller.livemode)
        return { company_id: caller.company._id, api_key: savedKey, created: false };
    }
    const existing = (await new CompanyRepository(this.store).list()).find((c) => c.ruc === DEV_COMPANY.ruc);
    const company = existing ?? (await new CreateCompany(this.store).execute(DEV_COMPANY));
    const key = await new CreateApiKey(this.store, this.hasher).execute(company._id, false);
    return { company_id: company._id, api_key: key.secret, created: true };
  }
}
