import {
  creditNoteRequestSchema,
  debitNoteRequestSchema,
  type FieldError,
  type InvoiceRequest,
  invoiceRequestSchema,
  type NoteRequest,
} from "@einvoice/domain";
import { SHAPE_ERRORS } from "@einvoice/platform";
import { Ajv, type ErrorObject } from "ajv";
import addFormatsModule from "ajv-formats";
import {
  type CertificateUploadBody,
  certificateFormViolations,
  certificateUploadSchema,
} from "./certificate-upload.schema.js";
import { despatchAdviceSchema } from "./despatch-advice.schema.js";
import { documentEmailSchema } from "./document-email.schema.js";
import { documentVoidSchema } from "./document-void.schema.js";
import { greCredentialsSchema } from "./gre-credentials.schema.js";
import { igvRegimeSchema } from "./igv-regime.schema.js";
import { solCredentialsSchema } from "./sol-credentials.schema.js";
import { violationMessage } from "./violation-messages.js";
import { webhookEndpointCreateSchema, webhookEndpointUpdateSchema } from "./webhook-endpoint.schema.js";

// ajv-formats is CommonJS: its default export arrives wrapped under ESM.
const addFormats = addFormatsModule as unknown as { default: (ajv: Ajv) => Ajv };

/** Compiled request validators; one instance per gateway, built at boot. */
export class RequestValidator {
  private readonly validateInvoice;
  private readonly validateCertificateUpload;
  private readonly validateSolCredentials;
  private readonly validateWebhookCreate;
  private readonly validateWebhookUpdate;
  private readonly validateDocumentEmail;
  private readonly validateDocumentVoid;
  private readonly validateDespatch;
  private readonly validateGre;
  private readonly validateCreditNote;
  private readonly validateDebitNote;

  private readonly validateIgvRegime;

  constructor() {
    const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
    (addFormats.default ?? (addFormatsModule as unknown as (a: Ajv) => Ajv))(ajv);
    this.validateInvoice = ajv.compile<InvoiceRequest>(invoiceRequestSchema);
    this.validateCertificateUpload = ajv.compile(certificateUploadSchema);
    this.validateSolCredentials = ajv.compile(solCredentialsSchema);
    this.validateWebhookCreate = ajv.compile(webhookEndpointCreateSchema);
    this.validateWebhookUpdate = ajv.compile(webhookEndpointUpdateSchema);
    this.validateDocumentEmail = ajv.compile(documentEmailSchema);
    this.validateDocumentVoid = ajv.compile(documentVoidSchema);
    this.validateDespatch = ajv.compile(despatchAdviceSchema);
    this.validateGre = ajv.compile(greCredentialsSchema);
    this.validateCreditNote = ajv.compile<NoteRequest>(creditNoteRequestSchema);
    this.validateDebitNote = ajv.compile<NoteRequest>(debitNoteRequestSchema);

    this.validateIgvRegime = ajv.compile(igvRegimeSchema);
  }

  /** Shape problems of a despatch advice body; its rules are checked afterwards by validateDespatchAdvice. */
  despatchAdvice(body: unknown): FieldError[] {
    if (this.validateDespatch(body)) return [];
    return dedupe((this.validateDespatch.errors ?? []).map(toViolation));
  }

  greCredentials(body: unknown): FieldError[] {
    if (this.validateGre(body)) return [];
    return dedupe((this.validateGre.errors ?? []).map(toViolation));
  }

  igvRegime(body: unknown): FieldError[] {
    if (this.validateIgvRegime(body)) return [];
    return dedupe((this.validateIgvRegime.errors ?? []).map(toViolation));
  }

  documentVoid(body: unknown): FieldError[] {
    if (this.validateDocumentVoid(body)) return [];
    return dedupe((this.validateDocumentVoid.errors ?? []).map(toViolation));
  }

  documentEmail(body: unknown): FieldError[] {
    if (this.validateDocumentEmail(body)) return [];
    return dedupe((this.validateDocumentEmail.errors ?? []).map(toViolation));
  }

  /** Shape problems of a webhook endpoint body (create, or update when `creating` is false). */
  webhookEndpoint(body: unknown, creating: boolean): FieldError[] {
    const validate = creating ? this.validateWebhookCreate : this.validateWebhookUpdate;
    if (validate(body)) return [];
    return dedupe((validate.errors ?? []).map(toViolation));
  }

  /** Every shape problem of an invoice or receipt body, each named by its dotted path. */
  invoice(body: unknown): FieldError[] {
    return this.invoiceRequest(body).violations;
  }

  /** The body, typed by its schema, once its shape is valid; otherwise every violation (and no request). */
  invoiceRequest(
    body: unknown,
  ): { request: InvoiceRequest; violations: [] } | { request: null; violations: FieldError[] } {
    if (this.validateInvoice(body)) return { request: body, violations: [] };
    return { request: null, violations: dedupe((this.validateInvoice.errors ?? []).map(toViolation)) };
  }

  /** The body, typed by its schema, once its shape is valid; otherwise every violation (and no request). */
  noteRequest(
    body: unknown,
    kind: "credit" | "debit",
  ): { request: NoteRequest; violations: [] } | { request: null; violations: FieldError[] } {
    const validate = kind === "credit" ? this.validateCreditNote : this.validateDebitNote;
    if (validate(body)) return { request: body, violations: [] };
    return { request: null, violations: dedupe((validate.errors ?? []).map(toViolation)) };
  }

  /** Problems of a certificate upload body: shapes first, then whether it is exactly one of the two forms. */
  certificateUpload(body: unknown): FieldError[] {
    if (!this.validateCertificateUpload(body))
      return dedupe((this.validateCertificateUpload.errors ?? []).map(toViolation));
    return certificateFormViolations(body as CertificateUploadBody);
  }

  solCredentials(body: unknown): FieldError[] {
    if (this.validateSolCredentials(body)) return [];
    return dedupe((this.validateSolCredentials.errors ?? []).map(toViolation));
  }
}

export function toViolation(error: ErrorObject): FieldError {
  const path = error.instancePath
    .split("/")
    .slice(1)
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
  if (error.keyword === "required") {
    const param = [...path, String(error.params.missingProperty)].join(".");
    return { param, code: SHAPE_ERRORS.parameter_missing.code, message: `${param} is required.` };
  }
  if (error.keyword === "additionalProperties") {
    const param = [...path, String(error.params.additionalProperty)].join(".");
    return { param, code: SHAPE_ERRORS.parameter_unknown.code, message: `${param} is not a known field.` };
  }
  const param = path.join(".");
  return {
    param,
    code: SHAPE_ERRORS.parameter_invalid.code,
    message: `${param || "The body"} ${violationMessage(error)}.`,
  };
}

export function dedupe(violations: FieldError[]): FieldError[] {
  const seen = new Set<string>();
  return violations.filter((v) => {
    const key = `${v.param}|${v.code}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
