import type { Client } from "@connectrpc/connect";
import type { Scope } from "@einvoice/domain";
import type { ObjectStore } from "@einvoice/objects";
import type { Logger } from "@einvoice/platform";
import type {
  NotificationService,
  NumberingService,
  RenderingService,
  SigningService,
  StreamService,
  SubmissionService,
  TaxService,
  TaxServiceEncoded,
} from "@einvoice/proto";
import type { Store } from "@einvoice/store";
import type { IssueBatcher } from "../adapters/issue-batcher.js";
import type { TaxBatcher } from "../adapters/tax-batcher.js";
import type { DashboardSettings } from "../dashboard/dashboard-settings.js";
import type { RequestValidator } from "../schemas/validate.js";
import type { ApiKeyHasher } from "../usecases/api-keys.js";
import type { Caller } from "../usecases/authenticate.js";
import type { FileLinks } from "../usecases/file-links.js";
import type { DocumentWaiter } from "../waiters/document-waiter.js";
import type { EventStreamSettings, RateLimitSettings } from "./http-settings.js";

/** Everything the routes use, injected once at boot. */
export interface GatewayDeps {
  store: Store;
  objects: ObjectStore;
  numbering: Client<typeof NumberingService>;
  /** Numbering's IssueDocument for creates, batched with those that arrive together. */
  issues: IssueBatcher;
  notification: Client<typeof NotificationService>;
  signing: Client<typeof SigningService>;
  submission: Client<typeof SubmissionService>;
  /** The tax service as it is: CheckDespatchAdvice for guides (notes and batched creates use the encoded views). */
  tax: Client<typeof TaxService>;
  /** The same tax service, its computed documents answered encoded: ComputeNote for credit and debit notes. */
  taxEncoded: Client<typeof TaxServiceEncoded>;
  /** The tax service's ComputeDocument for invoice and receipt creates, batched with those that arrive together. */
  computes: TaxBatcher;
  /** The live event stream (no default deadline: the open is bounded by `eventStream.openTimeoutMs`). */
  stream: Client<typeof StreamService>;
  /** RenderTicket: the 80 mm ticket on its first request. */
  rendering: Client<typeof RenderingService>;
  eventStream: EventStreamSettings & {
    /** How long opening a stream may take, retries while the stream service restarts included, in ms. */
    openTimeoutMs: number;
  };
  validator: RequestValidator;
  waiter: DocumentWaiter;
  logger: Logger;
  maxWaitSeconds: number;
  maxBodyBytes: number;
  rateLimits: RateLimitSettings;
  /** Hashes API keys with the server-side pepper. */
  apiKeyHasher: ApiKeyHasher;
  readiness: () => Promise<void>;
  /** Signs the file links the API presents, and checks them on `GET /v1/files/…`. */
  fileLinks: FileLinks;
  /** The web dashboard's settings; absent: its defaults (DASHBOARD_SIGNIN_* of env.ts). */
  dashboard?: DashboardSettings;
}

/** Koa state after authentication. */
export interface AuthedState {
  /** The API key's owner; absent on a request authenticated by a signed file link instead. */
  caller: Caller;
  /** The owner a signed file link grants access to (`GET /v1/files/…` without a key). */
  linkScope?: Scope;
  requestId: string;
  /** The request's `Idempotency-Key`, once admitted (POST only). */
  idempotencyKey?: string;
}

export const scopeOf = (caller: Caller): Scope => ({
  companyId: caller.company._id,
  livemode: caller.livemode,
});

/** Whose request this is: the key's owner, or the owner a signed file link names. */
export const callerScope = (state: AuthedState): Scope =>
  state.linkScope && !state.caller ? state.linkScope : scopeOf(state.caller);

/** Signs file links for whoever is calling, so the links presented to them open without a key. */
export const linkSignerFor =
  (deps: Pick<GatewayDeps, "fileLinks">, state: AuthedState) =>
  (url: string): string =>
    deps.fileLinks.sign(url, callerScope(state));
