import type { Store } from "@einvoice/store";
import { DashboardRepositories, type InvitationRecord, newToken, type Role, tokenHash } from "./records.js";
import { CreateUser, EMAIL_SHAPE, MIN_PASSWORD_LENGTH } from "./users.js";

/** An invitation link opens for 7 days, once. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** An admin invites an email with a role; the token is returned once, for the link. */
export class CreateInvitation {
  constructor(private readonly store: Store) {}

  async execute(input: {
    companyId: string;
    email: string;
    role: Role;
    invitedBy: string;
  }): Promise<{ token: string; invitation: InvitationRecord }> {
    const email = input.email.trim().toLowerCase();
    if (!EMAIL_SHAPE.test(email)) throw new Error("email is not an email address");
    if (await new DashboardRepositories(this.store).users.findOne({ email }))
      throw new Error(`${email} already has an account`);
    const token = newToken();
    const now = new Date();
    const invitation: InvitationRecord = {
      _id: tokenHash(token),
      company_id: input.companyId,
      email,
      role: input.role,
      invited_by: input.invitedBy,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + INVITATION_TTL_MS).toISOString(),
      used_at: null,
    };
    await new DashboardRepositories(this.store).invitations.insertOne(invitation);
    return { token, invitation };
  }
}

/** The company's invitations still waiting for their person (not used, not expired), oldest first. */
export async function openInvitations(store: Store, companyId: string): Promise<InvitationRecord[]> {
  const now = new Date().toISOString();
  return new DashboardRepositories(store).invitations.find(
    { company_id: companyId, used_at: null, expires_at: { $gt: now } },
    { sort: [{ field: "created_at", direction: 1 }] },
  );
}

/**
 * Revokes an open invitation of the company: its link stops working. `id` is the record's id (the token's hash,
 * which cannot be turned back into a link). False when the company has no such open invitation.
 */
export async function revokeInvitation(store: Store, companyId: string, id: string): Promise<boolean> {
  if (!/^[0-9a-f]{64}$/.test(id)) return false;
  return new DashboardRepositories(store).invitations.deleteOne({
    _id: id,
    company_id: companyId,
    used_at: null,
  });
}

/** The open invitation a link's token names; null when unknown, used or expired. */
export async function findOpenInvitation(store: Store, token: string): Promise<InvitationRecord | null> {
  if (token.length > 100) return null;
  const invitation = await new DashboardRepositories(store).invitations.findOne({
    _id: tokenHash(token),
    used_at: null,
  });
  return invitation && Date.parse(invitation.expires_at) > Date.now() ? invitation : null;
}

/** Spends the invitation (compare-and-set, so two tabs cannot both use it) and creates the person. */
export class AcceptInvitation {
  constructor(private readonly store: Store) {}

  async execute(token: string, password: string) {
    if (password.length < MIN_PASSWORD_LENGTH)
      throw new Error(`password must have at least ${MIN_PASSWORD_LENGTH} characters`);
    const invitation = await findOpenInvitation(this.store, token);
    if (!invitation) return null;
    const spent = await new DashboardRepositories(this.store).invitations.updateOne(
      { _id: invitation._id, used_at: null },
      { used_at: new Date().toISOString() },
    );
    if (!spent) return null;
    return new CreateUser(this.store).execute({
      companyId: invitation.company_id,
      email: invitation.email,
      password,
      role: invitation.role,
    });
  }
}
