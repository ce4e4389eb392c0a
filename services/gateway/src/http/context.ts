import type { Client } from "@connectrpc/connect";
import type { ObjectStore } from "@einvoice/objects";
import type { Logger } from "@einvoice/platform";
import type {
  NotificationService,
  NumberingService,
  SigningService,
  SubmissionService,
  TaxService,
} from "@einvoice/proto";
import type { Store } from "@einvoice/store";
import type { RequestValidator } from "../schemas/validate.js";
import type { ApiKeyHasher } from "../usecases/api-keys.js";
import type { Caller } from "../usecases/authenticate.js";
import type { DocumentWaiter } from "../waiters/document-waiter.js";
import type { RateLimitSettings } from "./rate-limits.js";

/** Everything the routes use, injected once at boot. */
export interface GatewayDeps {
  store: Store;
  objects: ObjectStore;
  tax: Client<typeof TaxService>;
  numbering: Client<typeof NumberingService>;
  notification: Client<typeof NotificationService>;
  signing: Client<typeof SigningService>;
  submission: Client<typeof SubmissionService>;
  validator: RequestValidator;
  waiter: DocumentWaiter;
  logger: Logger;
  maxWaitSeconds: number;
  maxBodyBytes: number;
  rateLimits: RateLimitSettings;
  /** Hashes API keys with the server-side pepper. */
  apiKeyHasher: ApiKeyHasher;
  readiness: () => Promise<void>;
}

/** Koa state after authentication. */
export interface AuthedState {
  caller: Caller;
  requestId: string;
  /** The request's `Idempotency-Key`, once admitted (POST only). */
  idempotencyKey?: string;
}

export const scopeOf = (caller: Caller) => ({ companyId: caller.company._id, livemode: caller.livemode });
