import { decryptSecret, encryptSecret, type SecretKeys } from "@einvoice/platform";
import type { Collection, CollectionSpec, Store } from "@einvoice/store";

/** A GRE access token kept in the store, so every replica uses the same one until shortly before it expires. */
export interface GreTokenRecord {
  /** `<company_id>:<test|live>:<client_id>`. */
  _id: string;
  company_id: string;
  livemode: boolean;
  /** AES-256-GCM box of the access token, bound to the record id. */
  token_box: string;
  /** When SUNAT says it expires. */
  expires_at: string;
  /** When a new one is asked for (before expiry, so a call never starts with a token about to lapse). */
  refresh_at: string;
  created_at: string;
}

export const greTokensCollection: CollectionSpec = {
  name: "gre_tokens",
  indexes: [{ fields: ["company_id", "livemode"] }],
};

/** Greenter renews SUNAT GRE tokens when fewer than 600 s remain; never later than half their lifetime. */
export const GRE_TOKEN_REFRESH_MARGIN_S = 600;

export function refreshAt(now: Date, expiresInSeconds: number): Date {
  const margin = Math.min(GRE_TOKEN_REFRESH_MARGIN_S, expiresInSeconds / 2);
  return new Date(now.getTime() + (expiresInSeconds - margin) * 1000);
}

/** The stored token per company, mode and client; sealed with the submission master key. */
export class GreTokenCache {
  private readonly tokens: Collection<GreTokenRecord>;

  constructor(
    store: Store,
    private readonly masterKey: SecretKeys,
  ) {
    this.tokens = store.collection<GreTokenRecord>(greTokensCollection);
  }

  /** The cached token when it is still fresh at `now`; null otherwise. */
  async fresh(
    target: { company_id: string; livemode: boolean },
    clientId: string,
    now: Date,
  ): Promise<string | null> {
    const id = tokenId(target, clientId);
    const found = await this.tokens.findOne({
      _id: id,
      company_id: target.company_id,
      livemode: target.livemode,
    });
    if (!found || new Date(found.refresh_at).getTime() <= now.getTime()) return null;
    return decryptSecret(found.token_box, this.masterKey, id);
  }

  async save(
    target: { company_id: string; livemode: boolean },
    clientId: string,
    token: { accessToken: string; expiresIn: number },
    now: Date,
  ): Promise<void> {
    const id = tokenId(target, clientId);
    await this.tokens.upsert({
      _id: id,
      company_id: target.company_id,
      livemode: target.livemode,
      token_box: encryptSecret(token.accessToken, this.masterKey, id),
      expires_at: new Date(now.getTime() + token.expiresIn * 1000).toISOString(),
      refresh_at: refreshAt(now, token.expiresIn).toISOString(),
      created_at: now.toISOString(),
    });
  }

  /** SUNAT refused the token (401): forget it, so the next call asks for a new one. */
  async drop(target: { company_id: string; livemode: boolean }, clientId: string): Promise<void> {
    const id = tokenId(target, clientId);
    await this.tokens.deleteOne({ _id: id, company_id: target.company_id, livemode: target.livemode });
  }
}

const tokenId = (target: { company_id: string; livemode: boolean }, clientId: string) =>
  `${target.company_id}:${target.livemode ? "live" : "test"}:${clientId}`;
