import type { BucketSettings } from "../usecases/token-bucket.js";

/** The event stream's pacing, from the gateway's configuration. */
export interface EventStreamSettings {
  /** Interval of the `: heartbeat` comment, in milliseconds. */
  heartbeatMs: number;
  /** Bytes a client may leave unread before it is cut with a last `event: error`. */
  maxBufferedBytes: number;
  /** What the `retry:` field tells EventSource clients to wait before reconnecting, in milliseconds. */
  retryMs: number;
}

/** The request limits, from the gateway's configuration. */
export interface RateLimitSettings {
  /** Requests per company and mode: burst and sustained rate. */
  perCaller: BucketSettings;
  /** Requests with a missing or invalid key per client address, before that address is refused for a while. */
  authFailures: BucketSettings;
}
