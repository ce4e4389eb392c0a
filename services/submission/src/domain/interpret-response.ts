import type { SunatVerdict, VerdictOutcome } from "@einvoice/domain";
import { classifyResponseCode, isTransientException, readCdrZip, type SoapResponse } from "@einvoice/sunat";

export type Interpretation =
  | {
      kind: "verdict";
      outcome: VerdictOutcome;
      verdict: Omit<SunatVerdict, "simulated">;
      cdrZip: Buffer | null;
    }
  /** SUNAT already holds this document (1033, or 1032 when it was rejected/voided): fetch its CDR, never resend. */
  | { kind: "registered-before"; code: string; reason: string }
  /** The document was not processed (an exception): nothing was registered, a resend is safe. */
  | { kind: "retry"; code: string; reason: string; transient: boolean };

/**
 * Answers that mean "SUNAT has this document already": 1033 registered before (with other data: the usual answer
 * to a resend after a lost reply), 1032 informed and then refused or voided, 2223 file already presented. None
 * is a verdict on this send: the registered CDR is.
 */
const REGISTERED_BEFORE = new Set(["1033", "1032", "2223"]);

/**
 * Reads sendBill's answer: a CDR gives the verdict (0 accepted, 0 with notes or ≥ 4000 observed, 2000–3999
 * rejected); a fault
 * in 2000–3999 is a rejection without CDR; 1033/1032/2223 say SUNAT registered it before; any other exception
 * (0100–1999) leaves the document unprocessed and is retried.
 */
export function interpretSendBill(response: SoapResponse): Interpretation {
  if (response.kind === "applicationResponse") return interpretCdr(response.zip);
  if (response.kind === "fault") {
    const code = response.code;
    if (code && REGISTERED_BEFORE.has(code)) {
      return { kind: "registered-before", code, reason: response.faultString };
    }
    if (code && classifyResponseCode(code) === "rejected") {
      return {
        kind: "verdict",
        outcome: "rejected",
        verdict: { code, description: response.faultString, notes: [] },
        cdrZip: null,
      };
    }
    return faultRetry(response);
  }
  return unexpectedAnswer(response, "sendBill");
}

export type StatusInterpretation =
  | Extract<Interpretation, { kind: "verdict" }>
  | { kind: "not-found"; code: string; reason: string }
  | Extract<Interpretation, { kind: "retry" }>;

/**
 * billConsultService answers "does not exist" with a status code and no content (0011 comprobante no existe,
 * 0127 no existe; SUNAT's wording varies, so the message is read too). Any CDR in `content` is the verdict.
 */
const NOT_FOUND_CODES = new Set(["0011", "0125", "0127"]);

/** Reads getStatusCdr's answer: the registered CDR, "not registered" (a resend is safe), or an outage. */
export function interpretStatusCdr(response: SoapResponse): StatusInterpretation {
  if (response.kind === "statusCdr") {
    if (response.content) return interpretCdr(response.content) as StatusInterpretation;
    if (NOT_FOUND_CODES.has(response.statusCode) || /no existe/i.test(response.statusMessage)) {
      return { kind: "not-found", code: response.statusCode, reason: response.statusMessage };
    }
    return {
      kind: "retry",
      code: response.statusCode,
      reason: response.statusMessage || `status ${response.statusCode} without CDR`,
      transient: isTransientException(response.statusCode),
    };
  }
  if (response.kind === "fault") {
    const code = response.code ?? "";
    if (NOT_FOUND_CODES.has(code)) return { kind: "not-found", code, reason: response.faultString };
    return faultRetry(response);
  }
  return unexpectedAnswer(response, "getStatusCdr");
}

type Retry = Extract<Interpretation, { kind: "retry" }>;

function faultRetry(fault: Extract<SoapResponse, { kind: "fault" }>): Retry {
  return {
    kind: "retry",
    code: fault.code ?? "",
    reason: `${fault.faultCode}: ${fault.faultString}`,
    // A fault without a number is a front-end failure more often than a verdict on the file.
    transient: fault.code ? isTransientException(fault.code) : true,
  };
}

function unexpectedAnswer(response: SoapResponse, operation: string): Retry {
  return {
    kind: "retry",
    code: "",
    reason: `unexpected ${response.kind} answer to ${operation}`,
    transient: true,
  };
}

export function interpretCdr(zip: Buffer): Interpretation {
  const { cdr } = readCdrZip(zip);
  const verdict = {
    code: cdr.responseCode,
    description: cdr.description,
    notes: cdr.notes.map((n) => ({ code: n.code, description: n.text })),
  };
  const cls = classifyResponseCode(cdr.responseCode);
  // SUNAT accepts with observations as ResponseCode 0 plus Notes "4xxx - …" (some stacks put the 4xxx in the
  // code itself): either way the document is observed.
  if (cls === "accepted" && verdict.notes.length > 0) {
    return { kind: "verdict", outcome: "observed", verdict, cdrZip: zip };
  }
  if (cls === "exception") {
    return {
      kind: "retry",
      code: cdr.responseCode,
      reason: cdr.description,
      transient: isTransientException(cdr.responseCode),
    };
  }
  return { kind: "verdict", outcome: cls, verdict, cdrZip: zip };
}
