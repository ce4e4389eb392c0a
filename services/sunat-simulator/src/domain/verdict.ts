import { type CdrNote, classifyResponseCode, type ResponseClass } from "@einvoice/sunat";
import { issueFor, type RuleIssue } from "./rule-issue.js";

export interface Verdict {
  outcome: ResponseClass;
  /** "0" when accepted (with or without observations), else the deciding code. */
  responseCode: string;
  description: string;
  /** Observations (4xxx) for the CDR's `cbc:Note`s; empty for exceptions (no CDR is issued). */
  notes: CdrNote[];
}

/** Which document the verdict is about, for the acceptance sentence of the CDR. */
export interface VerdictSubject {
  type: string;
  series: string;
  number: string;
}

const LABELS: Record<string, string> = {
  "01": "La Factura",
  "03": "La Boleta de Venta",
  "07": "La Nota de Credito",
  "08": "La Nota de Debito",
};

/**
 * Folds rule results into SUNAT's single answer: the first exception (0100–1999) wins and
 * yields no CDR; otherwise the first error (2000–3999) rejects with that code; otherwise the
 * document is accepted (code 0) carrying every observation (4000+) as a note.
 */
export function decideVerdict(checks: RuleIssue[], subject?: VerdictSubject): Verdict {
  const byClass = (wanted: ResponseClass) => checks.filter((c) => classifyResponseCode(c.code) === wanted);
  const observations = byClass("observed").map(toNote);

  const exception = byClass("exception")[0];
  if (exception) {
    return {
      outcome: "exception",
      responseCode: exception.code,
      description: describe(exception),
      notes: [],
    };
  }
  const rejection = byClass("rejected")[0];
  if (rejection) {
    return {
      outcome: "rejected",
      responseCode: rejection.code,
      description: describe(rejection),
      notes: observations,
    };
  }
  return {
    outcome: observations.length > 0 ? "observed" : "accepted",
    responseCode: "0",
    description: acceptance(subject),
    notes: observations,
  };
}

/**
 * The verdict a `force_code` knob imposes instead of the real one: "0" accepted; ≥ 4000 accepted with that
 * code as a note; 2000–3999 rejected; 0100–1999 an exception (no CDR, nothing registered).
 */
export function forcedVerdict(code: string, subject?: VerdictSubject): Verdict {
  return decideVerdict(code === "0" ? [] : [issueFor(code)], subject);
}

function describe(issue: RuleIssue): string {
  return issue.detail ? `${issue.message} - ${issue.detail}` : issue.message;
}

function toNote(issue: RuleIssue): CdrNote {
  return { code: issue.code, text: describe(issue) };
}

/** SUNAT's sentence, e.g. "La Factura numero F001-1, ha sido aceptada" (greenter CDR samples). */
function acceptance(subject: VerdictSubject | undefined): string {
  if (!subject) return "El Comprobante ha sido aceptado";
  const id = `${subject.series}-${subject.number}`;
  const label = LABELS[subject.type];
  return label ? `${label} numero ${id}, ha sido aceptada` : `El Comprobante numero ${id}, ha sido aceptado`;
}
