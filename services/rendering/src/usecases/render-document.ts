import { create } from "@bufbuild/protobuf";
import type { Client } from "@connectrpc/connect";
import { type BatchOutcome, type Broker, type Payload, publish, subjects } from "@einvoice/broker";
import { documentObjectKey, isDespatchAdviceType } from "@einvoice/domain";
import type { ObjectStore } from "@einvoice/objects";
import type { PdfFonts } from "@einvoice/pdf";
import { connectErrorOf } from "@einvoice/platform";
import { DocumentRenderedSchema, type GetDocumentResponse, type NumberingService } from "@einvoice/proto";
import { documentPdfInput } from "./document-pdf-input.js";
import type { IssuerLogos } from "./issuer-logos.js";
import type { RenderGuide } from "./render-guide.js";
import { renderPdf } from "./render-pdf.js";

type Signed = Payload<typeof subjects.documentSigned>;

/**
 * Prints a signed document on A4, with the hash and SUNAT's QR, stored beside the XML, then announced so the
 * register links it (and the signed XML, whose hash it prints) and keeps the key where the 80 mm ticket lives. The
 * ticket itself is made on its first request (RenderTicket): most documents are never printed on a roll, and
 * emails and links rely on the A4 only. Made right after signing, so the PDF exists before SUNAT answers (the
 * printed representation needs the signature's hash, not the verdict). Rendering is deterministic, so a
 * redelivery rewrites the same bytes.
 */
export class RenderDocument {
  constructor(
    private readonly deps: {
      numbering: Client<typeof NumberingService>;
      objects: ObjectStore;
      /** Shared by every render of the process. */
      logos: IssuerLogos;
      broker: Broker;
      consultUrl: string;
      /** Loaded once per process and shared by every render. */
      fonts: PdfFonts;
      /** Guides (09, 31) have their own A4 layout and no ticket. */
      guides: RenderGuide;
    },
  ) {}

  /**
   * Prints a batch of signed documents (what the consumer had already received): their stored documents come in
   * one GetDocuments call, then each is rendered, stored and announced. The outcome says, per item in order, undefined
   * when its PDF is stored and announced, or why not; one item's failure never holds back the others.
   */
  async execute(batch: Signed[]): Promise<BatchOutcome> {
    const outcome: BatchOutcome = batch.map(() => undefined);
    const documents = batch.flatMap((signed, i) => (isDespatchAdviceType(signed.type) ? [] : [i]));
    const views =
      documents.length === 0
        ? []
        : (
            await this.deps.numbering.getDocuments({
              items: documents.map((i) => {
                const signed = batch[i] as Signed;
                return {
                  scope: { companyId: signed.companyId, livemode: signed.livemode },
                  id: signed.documentId,
                };
              }),
            })
          ).results;
    // Where each non-guide item of the batch is among the results.
    const resultIndex = new Map(documents.map((i, k) => [i, k]));
    const viewOf = (i: number): GetDocumentResponse => {
      const result = views[resultIndex.get(i) ?? -1]?.outcome;
      if (result?.case === "document") return result.value;
      throw result?.case === "error"
        ? connectErrorOf(result.value)
        : new Error("GetDocuments answered no result");
    };
    // Rendering itself is synchronous CPU work; what overlaps is the items' object-store writes and publishes.
    await Promise.all(
      batch.map(async (signed, i) => {
        try {
          if (isDespatchAdviceType(signed.type)) {
            const { documentId, companyId, livemode, hash, xmlKey } = signed;
            await this.deps.guides.execute({ documentId, companyId, livemode, hash, xmlKey });
          } else await this.render(signed, viewOf(i));
        } catch (error) {
          outcome[i] = error;
        }
      }),
    );
    return outcome;
  }

  private async render(signed: Signed, view: GetDocumentResponse): Promise<void> {
    const scope = { companyId: signed.companyId, livemode: signed.livemode };
    // The register may not have the signature yet (it records it from this render's message): the signed
    // message's number and hash are the ones printed.
    const input = await documentPdfInput(
      view,
      { number: signed.number, hash: signed.hash },
      { consultUrl: this.deps.consultUrl, livemode: signed.livemode, logos: this.deps.logos },
    );
    const keys = {
      a4: documentObjectKey(scope, signed.documentId, "pdf", signed.fileName, signed.issueDate),
      ticket: documentObjectKey(scope, signed.documentId, "ticket", signed.fileName, signed.issueDate),
    };
    await this.deps.objects.put(keys.a4, await renderPdf(input, "a4", this.deps.fonts), "application/pdf");
    await publish(
      this.deps.broker.js,
      subjects.documentRendered,
      create(DocumentRenderedSchema, {
        documentId: signed.documentId,
        companyId: signed.companyId,
        livemode: signed.livemode,
        pdfKey: keys.a4,
        // Where the ticket is kept once first asked for; the register hands it to RenderTicket.
        ticketKey: keys.ticket,
        // The signature printed on the PDF: the register links the XML and shows the hash with the PDF.
        xmlKey: signed.xmlKey,
        hash: signed.hash,
      }),
      { msgId: `${signed.documentId}:rendered` },
    );
  }
}
