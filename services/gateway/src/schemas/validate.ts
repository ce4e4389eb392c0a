import type { Violation } from "@einvoice/platform";
import { Ajv, type ErrorObject } from "ajv";
import addFormatsModule from "ajv-formats";
import { invoiceRequestSchema } from "./invoice-request.schema.js";

// ajv-formats is CommonJS: its default export arrives wrapped under ESM.
const addFormats = addFormatsModule as unknown as { default: (ajv: Ajv) => Ajv };

/** Compiled request validators; one instance per gateway, built at boot. */
export class RequestValidator {
  private readonly validateInvoice;

  constructor() {
    const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
    (addFormats.default ?? (addFormatsModule as unknown as (a: Ajv) => Ajv))(ajv);
    this.validateInvoice = ajv.compile(invoiceRequestSchema);
  }

  /** Every shape problem of an invoice or receipt body, each named by its dotted path. */
  invoice(body: unknown): Violation[] {
    if (this.validateInvoice(body)) return [];
    return dedupe((this.validateInvoice.errors ?? []).map(toViolation));
  }
}

function toViolation(error: ErrorObject): Violation {
  const path = error.instancePath
    .split("/")
    .slice(1)
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
  if (error.keyword === "required") {
    const param = [...path, String(error.params.missingProperty)].join(".");
    return { param, code: "parameter_missing", message: `${param} is required.` };
  }
  if (error.keyword === "additionalProperties") {
    const param = [...path, String(error.params.additionalProperty)].join(".");
    return { param, code: "parameter_unknown", message: `${param} is not a known field.` };
  }
  const param = path.join(".");
  return {
    param,
    code: "parameter_invalid",
    message: `${param || "body"} ${error.message ?? "is invalid"}.`,
  };
}

function dedupe(violations: Violation[]): Violation[] {
  const seen = new Set<string>();
  return violations.filter((v) => {
    const key = `${v.param}|${v.code}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
