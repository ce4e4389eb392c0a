import { create } from "@bufbuild/protobuf";
import type { Client } from "@connectrpc/connect";
import { type Broker, PermanentError, publish, subjects } from "@einvoice/broker";
import { despatchAdvices, issuers } from "@einvoice/contracts";
import { documentObjectKey, isDespatchAdviceType } from "@einvoice/domain";
import type { ObjectStore } from "@einvoice/objects";
import { type PdfFonts, renderGuidePdf } from "@einvoice/pdf";
import { DocumentRenderedSchema, type NumberingService } from "@einvoice/proto";
import { readCdrZip } from "@einvoice/sunat";
import type { IssuerLogos } from "./issuer-logos.js";

export interface GuideToRender {
  documentId: string;
  companyId: string;
  livemode: boolean;
  /**
   * The signature's hash when known (the signed message and the verdict carry it); otherwise the register's.
   */
  hash?: string | undefined;
  /** The signed XML's object key when known, passed on to the register with the PDF. */
  xmlKey?: string | undefined;
  /** SUNAT's CDR of an accepted guide: its cbc:DocumentDescription is the QR's URL (spec rule 11). */
  cdrKey?: string;
}

/**
 * Prints a guide (09, 31) on A4: once when it is signed, without a QR (SUNAT has not answered yet), and again when
 * SUNAT accepts it, with the QR URL SUNAT returned in its CDR. Both renders write the same key, so `links.pdf`
 * appears with the first and keeps pointing at the newest. The signed render also looks for a CDR the register
 * already has, so a signed render that runs late (retried) does not print over the accepted one without its QR.
 * Both print the logo the guide's issuer snapshot names (fixed when it was issued), not the company's current one.
 * Deterministic: a redelivery rewrites the same bytes.
 */
export class RenderGuide {
  constructor(
    private readonly deps: {
      numbering: Client<typeof NumberingService>;
      objects: ObjectStore;
      logos: IssuerLogos;
      broker: Broker;
      fonts: PdfFonts;
    },
  ) {}

  async execute(guide: GuideToRender): Promise<void> {
    const scope = { companyId: guide.companyId, livemode: guide.livemode };
    const view = await this.deps.numbering.getDocument({ scope, id: guide.documentId });
    const document = view.document;
    if (!document || !isDespatchAdviceType(document.type)) return;
    if (!document.despatch) throw new PermanentError(`guide ${guide.documentId} has no despatch data`);
    const accepted = document.status === "accepted" || document.status === "observed";
    const cdrKey = guide.cdrKey ?? (accepted ? view.files?.cdr : undefined);
    const qrUrl = cdrKey ? await this.qrUrl(cdrKey) : undefined;
    const hash = guide.hash || document.hash;
    // The signed message and the verdict both carry the hash; the register's is a fallback, so a message
    // without one is retried until the register has it.
    if (!hash) throw new Error(`guide ${guide.documentId} has no hash yet`);
    const issuer = issuers.fromMessage(view.issuer, "issuer");
    // The snapshot's logo, so the accepted re-render prints the same one as the signed render.
    const logo = await this.deps.logos.open(issuer);
    const pdf = await renderGuidePdf(
      {
        issuer,
        despatch: despatchAdvices.fromMessage(document.despatch, "despatch"),
        number: document.number,
        hash,
        ...(qrUrl ? { qr_url: qrUrl } : {}),
        livemode: guide.livemode,
        ...(logo ? { logo } : {}),
      },
      { fonts: this.deps.fonts },
    );
    const baseName = `${issuer.ruc}-${document.type}-${document.series}-${document.number}`;
    const pdfKey = documentObjectKey(scope, guide.documentId, "pdf", baseName, document.issueDate);
    await this.deps.objects.put(pdfKey, pdf, "application/pdf");
    await publish(
      this.deps.broker.js,
      subjects.documentRendered,
      // A guide prints no 80 mm ticket: the ticket key stays empty.
      create(DocumentRenderedSchema, {
        ...scope,
        documentId: guide.documentId,
        pdfKey,
        ticketKey: "",
        ...(guide.xmlKey ? { xmlKey: guide.xmlKey } : {}),
        hash,
      }),
      { msgId: `${guide.documentId}:rendered${qrUrl ? ":qr" : ""}` },
    );
  }

  /** SUNAT's QR URL from the stored CDR; a CDR without one (a rejection) prints no QR. */
  private async qrUrl(cdrKey: string): Promise<string | undefined> {
    const stored = await this.deps.objects.get(cdrKey);
    // Submission stores the CDR before it publishes the verdict: a missing one is a store hiccup, retried.
    if (!stored) throw new Error(`CDR ${cdrKey} not found in the object store`);
    try {
      return readCdrZip(stored.body).cdr.documentDescription;
    } catch (error) {
      throw new PermanentError(`CDR ${cdrKey} cannot be read: ${(error as Error).message}`);
    }
  }
}
