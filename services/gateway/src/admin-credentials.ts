import { Code, ConnectError, createRpcClient, hasIdShape, readViolations } from "@einvoice/platform";
import { type Certificate, SigningService, SubmissionService } from "@einvoice/proto";

/** Where the services that keep credentials listen (their Connect ports). */
export interface CredentialServiceUrls {
  /** Default `http://127.0.0.1:7030`. */
  signing: string;
  /** Default `http://127.0.0.1:7040`. */
  submission: string;
}

export type AdminCertificate =
  | { pfx: Uint8Array; password: string }
  | { certificatePem: string; privateKeyPem: string };

/** A failure worded for the operator at a terminal; the CLI prints `message` and exits 1. */
export class AdminCommandError extends Error {
  override readonly name = "AdminCommandError";
}

/** Time allowed for one call, in milliseconds: these calls are small, so a hang means a wrong URL. */
const CALL_TIMEOUT_MS = 15_000;

/**
 * Credentials live in the services that use them (the certificate in signing, the SOL pair and the GRE API client
 * in submission),
 * so the admin CLI calls their RPCs instead of opening a store. Those services must be running.
 */
export function adminCredentials(urls: CredentialServiceUrls) {
  const signing = createRpcClient(SigningService, urls.signing, { timeoutMs: CALL_TIMEOUT_MS });
  const submission = createRpcClient(SubmissionService, urls.submission, { timeoutMs: CALL_TIMEOUT_MS });
  const scopeOf = (companyId: string, livemode: boolean) => {
    // The services do not know companies; a malformed id would store credentials nobody can use.
    if (!hasIdShape(companyId, "cmp"))
      throw new AdminCommandError(`--company must be a company id (cmp_…), got '${companyId}'`);
    return { companyId, livemode };
  };

  return {
    async uploadCertificate(
      companyId: string,
      livemode: boolean,
      upload: AdminCertificate,
    ): Promise<Certificate> {
      const scope = scopeOf(companyId, livemode);
      const credentials =
        "pfx" in upload
          ? { case: "pkcs12" as const, value: { pfx: upload.pfx, password: upload.password } }
          : {
              case: "pem" as const,
              value: { certificatePem: upload.certificatePem, privateKeyPem: upload.privateKeyPem },
            };
      const res = await signing
        .uploadCertificate({ scope, credentials }, { timeoutMs: CALL_TIMEOUT_MS })
        .catch((error: unknown) => {
          throw explain(error, "signing", urls.signing, "SIGNING_URL");
        });
      if (!res.certificate) throw new AdminCommandError("signing answered without the stored certificate");
      return res.certificate;
    },

    async setSolCredentials(
      companyId: string,
      livemode: boolean,
      user: string,
      password: string,
    ): Promise<string> {
      const scope = scopeOf(companyId, livemode);
      const res = await submission
        .setSolCredentials({ scope, user, password }, { timeoutMs: CALL_TIMEOUT_MS })
        .catch((error: unknown) => {
          throw explain(error, "submission", urls.submission, "SUBMISSION_URL");
        });
      return res.solUser;
    },

    /** The company's GRE API client (SUNAT's menú SOL), which sends its guides; answers the stored client_id. */
    async setGreCredentials(
      companyId: string,
      livemode: boolean,
      clientId: string,
      clientSecret: string,
    ): Promise<string> {
      const scope = scopeOf(companyId, livemode);
      const res = await submission
        .setGreCredentials({ scope, clientId, clientSecret }, { timeoutMs: CALL_TIMEOUT_MS })
        .catch((error: unknown) => {
          throw explain(error, "submission", urls.submission, "SUBMISSION_URL");
        });
      return res.clientId;
    },
  };
}

/** Turns an RPC failure into what the operator should do about it. */
function explain(error: unknown, service: string, url: string, variable: string): Error {
  if (!(error instanceof ConnectError)) return error as Error;
  if (error.code === Code.Unavailable || error.code === Code.DeadlineExceeded) {
    return new AdminCommandError(
      `cannot reach the ${service} service at ${url} (${error.rawMessage}). Is it running? Set ${variable} to its RPC address.`,
    );
  }
  const violations = readViolations(error);
  if (violations.length > 0) {
    return new AdminCommandError(
      `${service} refused the credentials:\n${violations.map((v) => `  ${v.param}: ${v.message} (${v.code})`).join("\n")}`,
    );
  }
  return new AdminCommandError(`${service} failed: ${error.rawMessage}`);
}
