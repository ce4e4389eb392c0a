import type { Store } from "@einvoice/store";
import { TokenBuckets } from "../../usecases/token-bucket.js";
import { DECOY_HASH, verifyPassword } from "./passwords.js";
import { DashboardRepositories, type UserRecord } from "./records.js";

export interface SignInThrottle {
  /** Failed attempts per client address per 15 minutes. */
  perAddress: number;
  /** Failed attempts per email per 15 minutes, whoever sends them. */
  perAccount: number;
}

const WINDOW_SECONDS = 15 * 60;

export type SignInResult =
  | { outcome: "signed_in"; user: UserRecord }
  | { outcome: "refused" }
  | { outcome: "throttled"; retryAfterSeconds: number };

/**
 * Email and password → the user. Failures are counted per address and per account; beyond either limit every
 * attempt is refused unchecked until the bucket refills, so guessing one account from many addresses, or many
 * accounts from one address, stays slow. An unknown email costs the same scrypt as a known one.
 */
export class SignIn {
  private readonly addresses: TokenBuckets;
  private readonly accounts: TokenBuckets;

  constructor(
    private readonly store: Store,
    throttle: SignInThrottle,
    clock: () => number = Date.now,
  ) {
    this.addresses = new TokenBuckets(
      { capacity: throttle.perAddress, refillPerSecond: throttle.perAddress / WINDOW_SECONDS },
      clock,
    );
    this.accounts = new TokenBuckets(
      { capacity: throttle.perAccount, refillPerSecond: throttle.perAccount / WINDOW_SECONDS },
      clock,
    );
  }

  async execute(input: { email: string; password: string; address: string }): Promise<SignInResult> {
    const email = input.email.trim().toLowerCase();
    const byAddress = this.addresses.peek(input.address);
    const byAccount = this.accounts.peek(email);
    if (byAddress.remaining < 1 || byAccount.remaining < 1)
      return {
        outcome: "throttled",
        retryAfterSeconds: Math.max(byAddress.resetSeconds, byAccount.resetSeconds, 1),
      };
    const user = await new DashboardRepositories(this.store).users.findOne({ email });
    const matches = await verifyPassword(input.password, user?.password_hash ?? DECOY_HASH);
    if (user && matches) return { outcome: "signed_in", user };
    this.addresses.take(input.address);
    this.accounts.take(email);
    return { outcome: "refused" };
  }
}
