import { createHash, randomBytes } from "node:crypto";
import type { Collection, CollectionSpec, TransactionScope } from "@einvoice/store";

export const ROLES = ["admin", "viewer"] as const;
export type Role = (typeof ROLES)[number];

/** A person who signs in to the dashboard; one company per person. */
export interface UserRecord {
  _id: string;
  company_id: string;
  /** Lower-cased. */
  email: string;
  password_hash: string;
  role: Role;
  /** Sessions made before the last "sign out everywhere" carry a lower number and are refused. */
  session_epoch: number;
  created_at: string;
}

/** A signed-in browser. `_id` is the SHA-256 of the cookie's token: the store never holds a usable token. */
export interface SessionRecord {
  _id: string;
  user_id: string;
  company_id: string;
  session_epoch: number;
  /** The CSRF token every change must send back. */
  csrf: string;
  created_at: string;
  expires_at: string;
}

/** A one-time link inviting an email to the company. `_id` is the SHA-256 of the link's token. */
export interface InvitationRecord {
  _id: string;
  company_id: string;
  email: string;
  role: Role;
  invited_by: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export const usersCollection: CollectionSpec = {
  name: "dashboard_users",
  indexes: [{ fields: ["email"], unique: true }, { fields: ["company_id"] }],
};
export const sessionsCollection: CollectionSpec = {
  name: "dashboard_sessions",
  indexes: [{ fields: ["user_id"] }],
};
export const invitationsCollection: CollectionSpec = {
  name: "dashboard_invitations",
  indexes: [{ fields: ["company_id"] }],
};
export const dashboardCollections = [usersCollection, sessionsCollection, invitationsCollection];

/** 256 random bits, URL-safe: session tokens, CSRF tokens, invitation tokens. */
export const newToken = (): string => randomBytes(32).toString("base64url");
export const tokenHash = (token: string): string => createHash("sha256").update(token).digest("hex");

export class DashboardRepositories {
  readonly users: Collection<UserRecord>;
  readonly sessions: Collection<SessionRecord>;
  readonly invitations: Collection<InvitationRecord>;

  constructor(scope: TransactionScope) {
    this.users = scope.collection<UserRecord>(usersCollection);
    this.sessions = scope.collection<SessionRecord>(sessionsCollection);
    this.invitations = scope.collection<InvitationRecord>(invitationsCollection);
  }
}
