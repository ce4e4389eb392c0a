import { metrics } from "@einvoice/platform";
import {
  buildGetStatusCdrEnvelope,
  buildSendBillEnvelope,
  type GetStatusCdrInput,
  parseSoapResponse,
  type SoapCredentials,
  type SoapResponse,
} from "@einvoice/sunat";
import { outageProblem, type SubmissionProblemCode } from "../domain/submission-problem.js";
import { HttpPoster, type PostAnswer } from "./http-post.js";

/**
 * No usable answer came back. `maybeProcessed` is false only when the request surely never reached SUNAT
 * (connection refused, name not resolved); after a timeout, a reset, a 5xx or an unreadable body SUNAT may
 * have registered the document, so the next step is a status query, never a blind resend.
 */
export class SunatUnavailableError extends Error {
  override readonly name = "SunatUnavailableError";
  /** SUNAT's HTTP server answered, but not usably (5xx, an empty or unreadable body). */
  readonly answered: boolean;
  constructor(
    message: string,
    readonly maybeProcessed: boolean,
    options?: { cause?: unknown; answered?: boolean },
  ) {
    super(message, options);
    this.answered = options?.answered ?? false;
  }

  /** The outage in the caller's words (the Document's `submission.last_problem`). */
  get problem(): SubmissionProblemCode {
    const timedOut = (this.cause as Error | undefined)?.name === "TimeoutError";
    return outageProblem({ timedOut, maybeProcessed: this.maybeProcessed, answered: this.answered });
  }
}

export interface BillServiceClient {
  sendBill(
    endpoint: string,
    credentials: SoapCredentials,
    fileName: string,
    zip: Buffer,
  ): Promise<SoapResponse>;
  /** billConsultService.getStatusCdr: the CDR SUNAT registered for a document, if any. */
  getStatusCdr(endpoint: string, query: GetStatusCdrInput): Promise<SoapResponse>;
}

/** Error codes of a connection that never opened: the request was not sent. */
const NOT_SENT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);

/** SUNAT's billService and billConsultService over HTTP (SOAP 1.1). */
export class HttpBillServiceClient implements BillServiceClient {
  /** Keep-alive sockets to SUNAT, reused call after call. */
  private readonly http = new HttpPoster();

  constructor(
    /** Per-call timeout in milliseconds. */
    private readonly timeoutMs: number,
  ) {}

  sendBill(
    endpoint: string,
    credentials: SoapCredentials,
    fileName: string,
    zip: Buffer,
  ): Promise<SoapResponse> {
    const envelope = buildSendBillEnvelope({ ...credentials, fileName, zipBase64: zip.toString("base64") });
    return this.call(endpoint, "urn:sendBill", envelope);
  }

  getStatusCdr(endpoint: string, query: GetStatusCdrInput): Promise<SoapResponse> {
    return this.call(endpoint, "urn:getStatusCdr", buildGetStatusCdrEnvelope(query));
  }

  protected async call(endpoint: string, action: string, envelope: string): Promise<SoapResponse> {
    const timer = metrics.sunatCalls.startTimer({ operation: action.replace(/^urn:/, "") });
    try {
      const answer = await this.send(endpoint, action, envelope);
      timer({ outcome: answer.kind === "fault" ? "fault" : "answered" });
      return answer;
    } catch (error) {
      timer({ outcome: error instanceof SunatUnavailableError ? outcomeOf(error) : "error" });
      throw error;
    }
  }

  private async send(endpoint: string, action: string, envelope: string): Promise<SoapResponse> {
    let response: PostAnswer;
    try {
      response = await this.http.post(
        endpoint,
        { "content-type": "text/xml; charset=utf-8", soapaction: action },
        envelope,
        this.timeoutMs,
      );
    } catch (error) {
      const code = causeCode(error);
      throw new SunatUnavailableError(
        `SUNAT call failed: ${(error as Error).message}${code ? ` (${code})` : ""}`,
        !(code && NOT_SENT_CODES.has(code)),
        { cause: error },
      );
    }
    const { status, body } = response;
    if (status >= 500 && !body.includes("Fault>")) {
      throw new SunatUnavailableError(`SUNAT answered HTTP ${status}`, true, { answered: true });
    }
    if (body.trim() === "") {
      throw new SunatUnavailableError(`SUNAT answered HTTP ${status} with no body`, true, {
        answered: true,
      });
    }
    try {
      return parseSoapResponse(body);
    } catch (error) {
      throw new SunatUnavailableError(`unreadable SUNAT answer: ${(error as Error).message}`, true, {
        cause: error,
        answered: true,
      });
    }
  }

  /** Closes idle keep-alive sockets (tests). */
  close(): void {
    this.http.close();
  }
}

/** The `outcome` label of a failed SUNAT call. */
function outcomeOf(error: SunatUnavailableError): string {
  if ((error.cause as Error | undefined)?.name === "TimeoutError") return "timeout";
  if (error.message.startsWith("SUNAT answered HTTP")) return "http_error";
  if (error.message.startsWith("unreadable SUNAT answer")) return "unreadable";
  return "network_error";
}

/** The socket error's code (ECONNREFUSED…), on the error or, when wrapped, on its cause. */
function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
