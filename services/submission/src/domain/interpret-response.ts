import type { SunatVerdict } from "@einvoice/domain";
import { classifyResponseCode, isTransientException, readCdrZip, type SoapResponse } from "@einvoice/sunat";

export type Interpretation =
  | {
      kind: "verdict";
      outcome: "accepted" | "observed" | "rejected";
      verdict: Omit<SunatVerdict, "simulated">;
      cdrZip: Buffer | null;
    }
  | { kind: "retry"; code: string; reason: string; transient: boolean };

/**
 * Reads sendBill's answer: a CDR gives the verdict (0 accepted, ≥ 4000 observed, 2000–3999 rejected); a fault
 * in 2000–3999 is a rejection without CDR; an exception (0100–1999) says nothing about the document and is
 * retried.
 */
export function interpretSendBill(response: SoapResponse): Interpretation {
  if (response.kind === "applicationResponse") {
    const { cdr } = readCdrZip(response.zip);
    const verdict = {
      code: cdr.responseCode,
      description: cdr.description,
      notes: cdr.notes.map((n) => ({ code: n.code, description: n.text })),
    };
    const cls = classifyResponseCode(cdr.responseCode);
    if (cls === "exception") {
      return {
        kind: "retry",
        code: cdr.responseCode,
        reason: cdr.description,
        transient: isTransientException(cdr.responseCode),
      };
    }
    return { kind: "verdict", outcome: cls, verdict, cdrZip: response.zip };
  }
  if (response.kind === "fault") {
    const code = response.code;
    if (code && classifyResponseCode(code) === "rejected") {
      return {
        kind: "verdict",
        outcome: "rejected",
        verdict: { code, description: response.faultString, notes: [] },
        cdrZip: null,
      };
    }
    return {
      kind: "retry",
      code: code ?? "",
      reason: `${response.faultCode}: ${response.faultString}`,
      transient: code ? isTransientException(code) : true,
    };
  }
  return {
    kind: "retry",
    code: "",
    reason: `unexpected ${response.kind} answer to sendBill`,
    transient: true,
  };
}
