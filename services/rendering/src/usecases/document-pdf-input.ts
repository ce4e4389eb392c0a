import { computedDocuments, issuers } from "@einvoice/contracts";
import type { PdfDocumentInput } from "@einvoice/pdf";
import type { GetDocumentResponse } from "@einvoice/proto";
import type { IssuerLogos } from "./issuer-logos.js";

/** The signature printed on the PDF: the number the register assigned and the signed XML's digest. */
export interface PrintedSignature {
  number: number;
  hash: string;
}

/**
 * The one place a document's PDF input is built, for the A4 at signing and the ticket on demand alike: everything
 * printed comes from what the register stores with the document (GetDocument), so a value kept with the document
 * reaches both layouts, and a ticket made days later prints what the A4 printed. No verdict or clock goes in: the
 * same document always gives the same bytes; the logo is the one the issuer snapshot names.
 */
export async function documentPdfInput(
  view: GetDocumentResponse,
  signature: PrintedSignature,
  settings: { consultUrl: string; livemode: boolean; logos: IssuerLogos },
): Promise<PdfDocumentInput> {
  const issuer = issuers.fromMessage(view.issuer, "issuer");
  const logo = await settings.logos.open(issuer);
  return {
    issuer,
    ...(logo ? { logo } : {}),
    computed: computedDocuments.fromMessage(view.computed, "computed"),
    number: signature.number,
    hash: signature.hash,
    consult_url: settings.consultUrl,
    livemode: settings.livemode,
  };
}
