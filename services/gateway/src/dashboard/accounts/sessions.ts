import type { Store } from "@einvoice/store";
import {
  DashboardRepositories,
  newToken,
  type SessionRecord,
  tokenHash,
  type UserRecord,
} from "./records.js";

/** A session lives 12 hours from sign-in; a person signs in again after that. */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

export interface ActiveSession {
  session: SessionRecord;
  user: UserRecord;
}

/** Opens, finds and ends sessions. The cookie holds the token; the store only its hash. */
export class Sessions {
  constructor(
    private readonly store: Store,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** A new session with a new token and CSRF token: sign-in never reuses a token the browser already had. */
  async open(user: UserRecord): Promise<{ token: string; session: SessionRecord }> {
    const token = newToken();
    const now = this.clock();
    const session: SessionRecord = {
      _id: tokenHash(token),
      user_id: user._id,
      company_id: user.company_id,
      session_epoch: user.session_epoch,
      csrf: newToken(),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SESSION_TTL_MS).toISOString(),
    };
    await new DashboardRepositories(this.store).sessions.insertOne(session);
    return { token, session };
  }

  /** The live session a cookie token names, with its user; null when unknown, expired or signed out everywhere. */
  async find(token: string | undefined): Promise<ActiveSession | null> {
    if (!token || token.length > 100) return null;
    const repos = new DashboardRepositories(this.store);
    const session = await repos.sessions.findOne({ _id: tokenHash(token) });
    if (!session || Date.parse(session.expires_at) <= this.clock().getTime()) return null;
    const user = await repos.users.findOne({ _id: session.user_id });
    if (!user || user.session_epoch !== session.session_epoch) return null;
    return { session, user };
  }

  async close(token: string): Promise<void> {
    await new DashboardRepositories(this.store).sessions.deleteOne({ _id: tokenHash(token) });
  }

  /** Ends every session of the user, on every device, this one included. */
  async closeEverywhere(user: UserRecord): Promise<void> {
    await new DashboardRepositories(this.store).users.updateOne(
      { _id: user._id, session_epoch: user.session_epoch },
      { session_epoch: user.session_epoch + 1 },
    );
  }
}
