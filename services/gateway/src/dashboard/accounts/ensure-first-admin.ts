import type { Store } from "@einvoice/store";
import { generatePassword } from "./passwords.js";
import { DashboardRepositories, dashboardCollections } from "./records.js";
import { CreateUser } from "./users.js";

export const FIRST_ADMIN_EMAIL = "admin@example.com";

/**
 * `npm start`'s first dashboard admin for the test company: created with a random password when the company has
 * nobody yet (the password is returned only then), otherwise left alone.
 */
export class EnsureFirstAdmin {
  constructor(private readonly store: Store) {}

  async execute(companyId: string): Promise<{ email: string; password: string } | null> {
    await this.store.ensure(dashboardCollections);
    const existing = await new DashboardRepositories(this.store).users.findOne({ company_id: companyId });
    if (existing) return null;
    const password = generatePassword();
    await new CreateUser(this.store).execute({
      companyId,
      email: FIRST_ADMIN_EMAIL,
      password,
      role: "admin",
    });
    return { email: FIRST_ADMIN_EMAIL, password };
  }
}
