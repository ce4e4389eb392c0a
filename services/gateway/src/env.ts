import { envFields, parseEnv, storageEnv } from "@einvoice/platform";
import { z } from "zod";

export const gatewayEnvSchema = z.object({
  ...storageEnv,
  HOST: envFields.host(),
  /** Public HTTP/1.1 port of the REST API (also serves /healthz and /readyz). Default 8080. */
  PORT: envFields.port(8080),
  LOG_LEVEL: envFields.logLevel(),
  NATS_URL: z.string().default("nats://127.0.0.1:4222"),
  /**
   * Tax service: computes and checks every document before it is numbered (a create answers 503 while it is
   * down). Base URL, HTTP/2 cleartext. Default `http://127.0.0.1:7020`.
   */
  TAX_URL: z.string().default("http://127.0.0.1:7020"),
  /** Base URLs of the internal Connect services (HTTP/2 cleartext). */
  NUMBERING_URL: z.string().default("http://127.0.0.1:7010"),
  NOTIFICATION_URL: z.string().default("http://127.0.0.1:7050"),
  SIGNING_URL: z.string().default("http://127.0.0.1:7030"),
  /** Submission service (SOL credentials). Default `http://127.0.0.1:7040`. */
  SUBMISSION_URL: z.string().default("http://127.0.0.1:7040"),
  /** Stream service (the live event stream). Default `http://127.0.0.1:7070`. */
  STREAM_URL: z.string().default("http://127.0.0.1:7070"),
  /**
   * Rendering service (the 80 mm ticket, made on its first request). Default `http://127.0.0.1:7060`. Not part of
   * readiness: with it down the API still serves everything but a ticket not made yet (503, retryable).
   */
  RENDERING_URL: z.string().default("http://127.0.0.1:7060"),
  /** Interval of the `: heartbeat` comment on `GET /v1/events/stream`, in milliseconds. Default 15000. */
  SSE_HEARTBEAT_MS: envFields.milliseconds(15_000),
  /**
   * Bytes of events a stream client may leave unread before it is disconnected with a last `event: error`
   * (`slow_consumer`); it resumes from its last event id. Default 1048576 (1 MiB).
   */
  SSE_MAX_BUFFERED_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  /** The `retry:` an event stream announces: how long EventSource clients wait to reconnect, in ms. Default 1000. */
  SSE_RETRY_MS: envFields.milliseconds(1_000),
  /**
   * Deadline of each call to an internal service, in milliseconds. A dead or slow service answers the caller 503
   * (retryable) after this long instead of hanging. Default 10000.
   */
  RPC_TIMEOUT_MS: envFields.rpcTimeoutMs(),
  /**
   * Base64 of 32 random bytes: the pepper of the HMAC that stores API keys. Required in production; when unset, one
   * is made once into `DATA_DIR/api-key-pepper.key` (embedded mode only).
   */
  API_KEY_PEPPER: z.string().optional(),
  /**
   * Base64 of 32 random bytes: the secret that signs file links (`links.pdf` …) so they open without a key.
   * Required in production (every replica needs the same one); when unset, one is made once into
   * `DATA_DIR/file-link-secret.key`. Changing it invalidates every link already handed out.
   */
  FILE_LINK_SECRET: z.string().optional(),
  /** How long a presented file link stays valid, in seconds (rounded up to the hour). Default 604800 (7 days). */
  FILE_LINK_TTL_SECONDS: z.coerce.number().int().min(60).default(604_800),
  /** Requests per second each company and mode may sustain (per gateway replica). Default 100. */
  RATE_LIMIT_PER_SECOND: z.coerce.number().positive().default(100),
  /** Requests each company and mode may send at once above that rate (the bucket's size). Default 200. */
  RATE_LIMIT_BURST: z.coerce.number().int().positive().default(200),
  /**
   * Missing or invalid keys one address may send per minute before it is refused with 429. Default 60. Behind a
   * proxy every caller shares its address: trust `X-Forwarded-For` there (Koa `app.proxy`) or raise this.
   */
  AUTH_FAILURES_PER_MINUTE: z.coerce.number().int().positive().default(60),
  /** Failed dashboard sign-ins one client address may make per 15 minutes before it waits. Default 20. */
  DASHBOARD_SIGNIN_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().default(20),
  /** Failed dashboard sign-ins one account (email) may take per 15 minutes, from anywhere. Default 5. */
  DASHBOARD_SIGNIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  /** Longest `Prefer: wait=N` honoured, in seconds. Default 60. */
  MAX_WAIT_SECONDS: z.coerce.number().int().min(0).max(300).default(60),
  /**
   * Milliseconds a caller has to send the request line and headers; slower clients get 408 and the connection is
   * closed. Default 10000 (10 s; Node's own default is 60 s).
   */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(10_000),
  /**
   * Milliseconds a caller has to send the whole request, body included (not the time to answer it, which
   * `Prefer: wait` may extend); slower clients get 408 and the connection is closed. At least HEADERS_TIMEOUT_MS.
   * Default 30000 (30 s; Node's own default is 300 s).
   */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(30_000),
  /**
   * Milliseconds an idle kept-alive connection stays open between two requests. Default 65000 (65 s; Node's own
   * default is 5 s): longer than the 60 s an nginx ingress keeps its idle connections to the gateway, so the proxy,
   * not the gateway, closes them. A connection closed by the gateway just as a proxy or client reuses it fails that
   * request (ECONNRESET, or a 502 from the proxy for a create, which it does not retry).
   */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(65_000),
  /** Largest JSON body accepted, in bytes. Default 1 MiB. */
  MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
});

export const loadGatewayEnv = (env?: Record<string, string | undefined>) => parseEnv(gatewayEnvSchema, env);
