import type { Collection, CollectionSpec, Store } from "@einvoice/store";

/** An OAuth2 access token issued by the simulated api-seguridad, kept in the store to survive restarts. */
export interface GreToken {
  /** The access token itself. */
  _id: string;
  client_id: string;
  /** RUC of the SOL user (the first 11 characters of `username`); guías of other RUCs are refused. */
  ruc: string;
  expires_at: string;
}

export const greTokensCollection: CollectionSpec = { name: "gre_tokens" };

export class GreTokens {
  private readonly tokens: Collection<GreToken>;

  constructor(store: Store) {
    this.tokens = store.collection<GreToken>(greTokensCollection);
  }

  save(token: GreToken): Promise<void> {
    return this.tokens.insertOne(token);
  }

  /** The token when it exists and has not expired at `now`. */
  async valid(token: string, now: Date): Promise<GreToken | null> {
    const found = await this.tokens.findOne({ _id: token });
    return found && new Date(found.expires_at).getTime() > now.getTime() ? found : null;
  }
}
