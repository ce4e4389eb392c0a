import type { Client } from "@connectrpc/connect";
import type { Scope } from "@einvoice/domain";
import type { ObjectStore } from "@einvoice/objects";
import { type PdfFonts, renderDocumentPdf } from "@einvoice/pdf";
import { Code, ConnectError } from "@einvoice/platform";
import type { NumberingService } from "@einvoice/proto";
import { documentPdfInput } from "./document-pdf-input.js";
import type { IssuerLogos } from "./issuer-logos.js";

/**
 * Makes a document's 80 mm ticket on its first request: read the register's stored inputs, render, write at the
 * ticket key the register keeps for it. Deterministic (the inputs are the document's, never the clock's), so two
 * first requests at once write the same bytes to the same key and either answer is right.
 */
export class RenderTicket {
  constructor(
    private readonly deps: {
      numbering: Client<typeof NumberingService>;
      objects: ObjectStore;
      logos: IssuerLogos;
      consultUrl: string;
      fonts: PdfFonts;
    },
  ) {}

  /** The key written. NOT_FOUND from the register passes through; a document with no ticket yet is FAILED_PRECONDITION. */
  async execute(request: { scope: Scope; documentId: string }): Promise<string> {
    const { scope, documentId } = request;
    const view = await this.deps.numbering.getDocument({ scope, id: documentId });
    const key = view.files?.pdfTicket;
    const hash = view.document?.hash;
    // The ticket key is recorded with the A4, which needs the signature: without it there is nothing to print yet
    // (or never, for a guide).
    if (!view.document || !key || !hash)
      throw new ConnectError(
        `document ${documentId} has no ticket to print (not printed on A4 yet, or a guide)`,
        Code.FailedPrecondition,
      );
    const input = await documentPdfInput(
      view,
      { number: view.document.number, hash },
      { consultUrl: this.deps.consultUrl, livemode: scope.livemode, logos: this.deps.logos },
    );
    const pdf = await renderDocumentPdf(input, { format: "ticket", fonts: this.deps.fonts });
    await this.deps.objects.put(key, pdf, "application/pdf");
    return key;
  }
}
