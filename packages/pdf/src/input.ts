import type { ComputedDocument, DocumentStatus, Issuer, SunatVerdict } from "@einvoice/domain";
import { OpenedLogo } from "./layout/opened-logo.js";

/** What the printed representation is made of: the issued, numbered and signed document. */
export interface PdfDocumentInput {
  /** The issuer as printed (snapshot taken when the document was issued). */
  issuer: Issuer;
  /** The tax engine's output: lines, taxes, legends, totals, payment terms. */
  computed: ComputedDocument;
  /** The correlative number assigned by numbering (1–99999999). */
  number: number;
  /** `ds:DigestValue` of the signed XML, base64: the "hash" SUNAT asks to print and put in the QR. */
  hash: string;
  /** Where the reader can check the document, printed after "Consulte su documento en". */
  consult_url: string;
  /** `false` prints a "test document, no tax value" banner. Default: live (no banner). */
  livemode?: boolean;
  /** The document's status when the PDF is made; with a verdict, the PDF says what SUNAT answered. */
  status?: DocumentStatus;
  sunat?: SunatVerdict | null;
  /**
   * The issuer's logo, PNG or JPEG bytes (the one `issuer.logo_key` names), printed at the top of the A4 page and
   * of the ticket, fitted into a fixed box whatever its aspect ratio, or the same opened once with `openLogo` (a
   * renderer printing it on many documents decodes it once). Absent: no logo.
   */
  logo?: Uint8Array | OpenedLogo;
}

export type PdfFormat = "a4" | "ticket";

export const PDF_FORMATS: readonly PdfFormat[] = ["a4", "ticket"];

export interface PdfIssue {
  field: string;
  message: string;
}

/** The input cannot be printed; `issues` names every field at fault. */
export class PdfInputError extends Error {
  constructor(readonly issues: PdfIssue[]) {
    super(`cannot render the PDF: ${issues.map((i) => `${i.field}: ${i.message}`).join("; ")}`);
    this.name = "PdfInputError";
  }
}

const RUC = /^\d{11}$/;
const SERIES = /^[A-Z0-9]{4}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const CONTROL = /\p{Cc}/u;

const text = (value: unknown): value is string => typeof value === "string" && value.trim() !== "";

/** Checks what the layout relies on; the tax engine already checked the business rules. */
export function checkPdfInput(input: PdfDocumentInput, format: unknown): void {
  const issues: PdfIssue[] = [];
  const fail = (field: string, message: string) => issues.push({ field, message });
  if (input === null || typeof input !== "object")
    throw new PdfInputError([{ field: "", message: "the input must be an object" }]);
  if (!PDF_FORMATS.some((f) => f === format)) fail("format", 'format must be "a4" or "ticket"');

  const { issuer, computed } = input;
  if (!issuer || typeof issuer !== "object") fail("issuer", "issuer is required");
  else {
    if (!RUC.test(String(issuer.ruc))) fail("issuer.ruc", "a RUC has 11 digits");
    if (!text(issuer.legal_name)) fail("issuer.legal_name", "the issuer's legal name is required");
    if (!issuer.address || typeof issuer.address.line !== "string")
      fail("issuer.address.line", "the issuer's address is required");
  }

  if (!computed || typeof computed !== "object") fail("computed", "the computed document is required");
  else {
    if (!["01", "03", "07", "08"].includes(computed.type))
      fail("computed.type", "only invoices (01), receipts (03) and their notes (07, 08) are printed");
    if (!SERIES.test(String(computed.series))) fail("computed.series", "a series has 4 letters or digits");
    if (!ISO_DATE.test(String(computed.issue_date)))
      fail("computed.issue_date", "the issue date must be YYYY-MM-DD");
    if (!text(computed.currency)) fail("computed.currency", "the currency is required");
    if (!Array.isArray(computed.lines) || computed.lines.length === 0)
      fail("computed.lines", "a document has at least one line");
    if (!computed.amounts || !computed.monetary_total)
      fail("computed.amounts", "amounts and monetary_total are required");
    if (!computed.customer || !text(computed.customer.name))
      fail("computed.customer.name", "the customer's name is required");
  }

  if (!Number.isInteger(input.number) || input.number < 1 || input.number > 99_999_999)
    fail("number", "the number must be a whole number from 1 to 99999999");
  if (typeof input.hash !== "string" || !BASE64.test(input.hash))
    fail("hash", "the hash must be the base64 ds:DigestValue of the signed XML");
  if (!text(input.consult_url) || CONTROL.test(input.consult_url))
    fail("consult_url", "the consult URL is required, on one line");
  if (input.logo !== undefined && !(input.logo instanceof Uint8Array) && !(input.logo instanceof OpenedLogo))
    fail("logo", "the logo must be the bytes of a PNG or JPEG image");
  if (issues.length > 0) throw new PdfInputError(issues);
}
