import { create } from "@bufbuild/protobuf";
import type { Client } from "@connectrpc/connect";
import { type Broker, type Payload, PermanentError, publish, subjects } from "@einvoice/broker";
import { computedDocuments, issuers } from "@einvoice/contracts";
import { documentObjectKey } from "@einvoice/domain";
import type { ObjectStore } from "@einvoice/objects";
import { type PdfFonts, type PdfFormat, PdfInputError, renderDocumentPdf } from "@einvoice/pdf";
import { DocumentRenderedSchema, type NumberingService } from "@einvoice/proto";

import { issuerLogo } from "./issuer-logo.js";
import { GUIDE_TYPES, type RenderGuide } from "./render-guide.js";

type Signed = Payload<typeof subjects.documentSigned>;

/**
 * Prints a signed document: the A4 PDF and the 80 mm ticket, both with the hash and SUNAT's QR, stored beside
 * the XML, then announced so the register links them (and the signed XML, whose hash they print). Made right
 * after signing, so the PDF exists before SUNAT answers (the printed representation needs the signature's
 * hash, not the verdict). Rendering is deterministic, so a redelivery rewrites the same bytes.
 */
export class RenderDocument {
  constructor(
    private readonly deps: {
      numbering: Client<typeof NumberingService>;
      objects: ObjectStore;
      broker: Broker;
      consultUrl: string;
      /** Loaded once per process and shared by every render. */
      fonts: PdfFonts;
      /** Guides (09, 31) have their own A4 layout and no ticket. */
      guides: RenderGuide;
    },
  ) {}

  async execute(signed: Signed): Promise<void> {
    if (GUIDE_TYPES.has(signed.type)) {
      const { documentId, companyId, livemode, hash, xmlKey } = signed;
      return this.deps.guides.execute({ documentId, companyId, livemode, hash, xmlKey });
    }
    const scope = { companyId: signed.companyId, livemode: signed.livemode };
    const view = await this.deps.numbering.getDocument({ scope, id: signed.documentId });
    const issuer = issuers.fromMessage(view.issuer, "issuer");
    const logo = await issuerLogo(this.deps.objects, issuer);
    const input = {
      issuer,
      ...(logo ? { logo } : {}),
      computed: computedDocuments.fromMessage(view.computed, "computed"),
      number: signed.number,
      hash: signed.hash,
      consult_url: this.deps.consultUrl,
      livemode: signed.livemode,
    };
    const keys: Record<PdfFormat, string> = {
      a4: documentObjectKey(scope, signed.documentId, "pdf", signed.fileName, signed.issueDate),
      ticket: documentObjectKey(scope, signed.documentId, "ticket", signed.fileName, signed.issueDate),
    };
    for (const format of ["a4", "ticket"] as const) {
      const pdf = await renderDocumentPdf(input, { format, fonts: this.deps.fonts }).catch((error) => {
        // A document the layout cannot print will not print on a retry either: park it for an operator.
        if (error instanceof PdfInputError) throw new PermanentError(error.message);
        throw error;
      });
      await this.deps.objects.put(keys[format], pdf, "application/pdf");
    }
    await publish(
      this.deps.broker.js,
      subjects.documentRendered,
      create(DocumentRenderedSchema, {
        documentId: signed.documentId,
        companyId: signed.companyId,
        livemode: signed.livemode,
        pdfKey: keys.a4,
        ticketKey: keys.ticket,
        // The signature printed on the PDF: the register links the XML and shows the hash with the PDF.
        xmlKey: signed.xmlKey,
        hash: signed.hash,
      }),
      { msgId: `${signed.documentId}:rendered` },
    );
  }
}
