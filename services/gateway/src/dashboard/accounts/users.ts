import { newId } from "@einvoice/platform";
import type { Store } from "@einvoice/store";
import { hashPassword } from "./passwords.js";
import { DashboardRepositories, type Role, type UserRecord } from "./records.js";

/** Passwords shorter than this are refused: 12 characters, as NIST SP 800-63B suggests for single-factor. */
export const MIN_PASSWORD_LENGTH = 12;

export const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Creates a person of a company; the email must be free. */
export class CreateUser {
  constructor(private readonly store: Store) {}

  async execute(input: {
    companyId: string;
    email: string;
    password: string;
    role: Role;
  }): Promise<UserRecord> {
    const email = input.email.trim().toLowerCase();
    if (!EMAIL_SHAPE.test(email)) throw new Error("email is not an email address");
    if (input.password.length < MIN_PASSWORD_LENGTH)
      throw new Error(`password must have at least ${MIN_PASSWORD_LENGTH} characters`);
    const user: UserRecord = {
      _id: newId("usr"),
      company_id: input.companyId,
      email,
      password_hash: await hashPassword(input.password),
      role: input.role,
      session_epoch: 0,
      created_at: new Date().toISOString(),
    };
    await new DashboardRepositories(this.store).users.insertOne(user);
    return user;
  }
}
