import { envFields, parseEnv, storageEnv } from "@einvoice/platform";
import { z } from "zod";

export const submissionEnvSchema = z.object({
  ...storageEnv,
  HOST: envFields.host(),
  /** Connect/gRPC port (HTTP/2 cleartext). Default 7040. */
  RPC_PORT: envFields.port(7040),
  /** HTTP/1.1 health port. Default 7041. */
  OPS_PORT: envFields.port(7041),
  LOG_LEVEL: envFields.logLevel(),
  /**
   * Scheduling priority (Unix nice value, 0 to 19) this service gives every one of its threads once up. Default 5:
   * a create call does not wait on this work (only `Prefer: wait` does, for the verdict), so when the CPU is full
   * the create path (gateway, numbering) gets it first. The renderer, at 10, yields to this service in turn. 0 keeps
   * the default priority.
   */
  NICENESS: envFields.niceness(5),
  NATS_URL: z.string().default("nats://127.0.0.1:4222"),
  NATS_STREAM_REPLICAS: envFields.natsStreamReplicas(),
  /** billService for test mode. Default: our SUNAT simulator (SUNAT's beta is unreachable offline). */
  SUNAT_TEST_BILL_URL: z.string().default("http://127.0.0.1:7090/ol-ti-itcpfegem-beta/billService"),
  /**
   * billConsultService (getStatusCdr) for test mode; empty = none (SUNAT's beta has none, so a lost reply is
   * then resolved by resending). Default: the simulator's.
   */
  SUNAT_TEST_CONSULT_URL: z.string().default("http://127.0.0.1:7090/ol-it-wsconscpegem/billConsultService"),
  /** Whether the test endpoints are our simulator; verdicts then carry `simulated: true`. Default true. */
  SUNAT_TEST_SIMULATED: envFields.bool(true),
  /** SOL user/password for test mode when a company stored none; SUNAT beta's public pair by default. */
  SUNAT_TEST_SOL_USER: z.string().default("MODDATOS"),
  SUNAT_TEST_SOL_PASSWORD: z.string().default("moddatos"),
  /**
   * Base64 of 32 random bytes that encrypts the companies' SOL passwords at rest (AES-256-GCM). Required in
   * production; when absent, a key is generated once into `DATA_DIR/submission-master.key` (embedded mode only).
   */
  SUBMISSION_MASTER_KEY: z.string().optional(),
  /**
   * Master keys submission still opens but no longer seals with, during a rotation: comma-separated base64 of
   * 32 bytes each (the keys `SUBMISSION_MASTER_KEY` held before). Remove them once `npm run admin -- master-key
   * rotate` reports nothing left under them. Default empty.
   */
  SUBMISSION_MASTER_KEYS_PREVIOUS: envFields.masterKeyList(),
  /** billService for live mode (SUNAT production). */
  SUNAT_LIVE_BILL_URL: z.string().default("https://e-factura.sunat.gob.pe/ol-ti-itcpfegem/billService"),
  /** billConsultService for live mode (SUNAT production); empty = none. */
  SUNAT_LIVE_CONSULT_URL: z
    .string()
    .default("https://e-factura.sunat.gob.pe/ol-it-wsconscpegem/billConsultService"),
  /** Whether the live endpoints are our simulator (only for tests of live mode offline). Default false. */
  SUNAT_LIVE_SIMULATED: envFields.bool(false),
  /** Time allowed for one SUNAT call, in milliseconds; SUNAT sometimes takes over a minute. Default 90000. */
  SUNAT_TIMEOUT_MS: envFields.milliseconds(90_000),
  /**
   * Per-document deadline in milliseconds from queueing, after which an unanswered document is rejected with
   * `document.rejected`. Default 0 = SUNAT's sending window (end of the 3rd day after the issue date, Lima).
   */
  SUBMISSION_DEADLINE_MS: envFields.milliseconds(0),
  /** Backoff between failed tries, comma-separated milliseconds; the last repeats. Default 2s…10min. */
  SUBMISSION_RETRY_DELAYS_MS: z
    .string()
    .default("2000,5000,15000,30000,60000,120000,300000,600000")
    .transform((value, ctx) => {
      const delays = value.split(",").map((part) => Number(part.trim()));
      if (delays.length === 0 || delays.some((d) => !Number.isInteger(d) || d < 0)) {
        ctx.addIssue({ code: "custom", message: "expected comma-separated non-negative integers" });
        return z.NEVER;
      }
      return delays;
    }),
  /** Scan interval of the submission scheduler, in milliseconds. Default 1000. */
  SUBMISSION_POLL_MS: envFields.milliseconds(1_000),
  /** Claim length on a submission, in milliseconds (renewed while working; a crashed replica's work resumes after it). Default 30000. */
  SUBMISSION_LEASE_MS: envFields.milliseconds(30_000),
  /**
   * GRE REST API (guides 09, 31) for test mode: the token service (api-seguridad) and the send/status service
   * (api-cpe). SUNAT has no public GRE sandbox, so both default to the simulator.
   */
  SUNAT_TEST_GRE_SECURITY_URL: z.string().default("http://127.0.0.1:7090"),
  SUNAT_TEST_GRE_CPE_URL: z.string().default("http://127.0.0.1:7090"),
  /** GRE API client for test mode when a company stored none (the simulator accepts any non-empty pair). */
  SUNAT_TEST_GRE_CLIENT_ID: z.string().default("test-client"),
  SUNAT_TEST_GRE_CLIENT_SECRET: z.string().default("test-secret"),
  /** GRE REST API for live mode (SUNAT production). */
  SUNAT_LIVE_GRE_SECURITY_URL: z.string().default("https://api-seguridad.sunat.gob.pe"),
  SUNAT_LIVE_GRE_CPE_URL: z.string().default("https://api-cpe.sunat.gob.pe"),
  /** First and longest delay between polls of a GRE ticket, in milliseconds. Defaults 1000 and 60000. */
  GRE_TICKET_POLL_FIRST_MS: envFields.milliseconds(1_000),
  GRE_TICKET_POLL_MAX_MS: envFields.milliseconds(60_000),
  /** The signing service (SignSummary builds and signs RA/RC summaries). Default 127.0.0.1:7030. */
  SIGNING_URL: z.string().default("http://127.0.0.1:7030"),
  /**
   * Voids of one company, mode and document issue date requested within this many milliseconds of the first
   * travel in one summary (RA or RC). Default 2000.
   */
  VOID_BATCH_WINDOW_MS: envFields.milliseconds(2_000),
  /** Lines per summary at most (SUNAT takes up to 500 per RC). Default 100. */
  VOID_BATCH_MAX_LINES: z.coerce.number().int().min(1).max(500).default(100),
  /** From a summary's creation, how long SUNAT may take (98 forever, unknown ticket) before its voids fail. Default 1 h. */
  VOID_DEADLINE_MS: envFields.milliseconds(3_600_000),
  /** First and longest delay between getStatus polls of a summary's ticket, in milliseconds. Defaults 1000 and 60000. */
  SUMMARY_POLL_FIRST_MS: envFields.milliseconds(1_000),
  SUMMARY_POLL_MAX_MS: envFields.milliseconds(60_000),
  /** Submissions in flight per replica. Default 16. */
  SUBMISSION_MAX_IN_FLIGHT: z.coerce.number().int().min(1).default(16),
  /** Submissions in flight per issuer RUC across all replicas (SUNAT refuses bursts with 0111). Default 4. */
  SUBMISSION_MAX_PER_RUC: z.coerce.number().int().min(1).default(4),
});

export const loadSubmissionEnv = (env?: Record<string, string | undefined>) =>
  parseEnv(submissionEnvSchema, env);
