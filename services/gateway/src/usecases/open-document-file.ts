import type { Client } from "@connectrpc/connect";
import { objectFileName, type Scope } from "@einvoice/domain";
import type { ObjectInfo, ObjectStore, ObjectStream } from "@einvoice/objects";
import { Code, ConnectError, hasIdShape, SERVICE_ERRORS, SHAPE_ERRORS } from "@einvoice/platform";
import type { NumberingService, RenderingService } from "@einvoice/proto";
import { GATEWAY_ERRORS } from "../errors/gateway-errors.js";
import { type ApiError, apiError } from "../errors/public-errors.js";

/** The files of a document, by the name its path uses. `pdf` has two layouts, chosen by `?format=`. */
export const FILE_KINDS = ["xml", "cdr", "pdf"] as const;
export type FileKind = (typeof FILE_KINDS)[number];
export const PDF_FORMATS = ["a4", "ticket"] as const;
export type PdfFormat = (typeof PDF_FORMATS)[number];

export interface FileRequest {
  scope: Scope;
  documentId: string;
  kind: string;
  /** `?format=`: only for the PDF; a4 when absent. */
  format?: string | undefined;
  /** HEAD and conditional requests need no body. */
  withBody: boolean;
}

export interface DocumentFile {
  info: ObjectInfo;
  /** SUNAT's file name, e.g. `20100000009-01-F001-1.xml` or `R-20100000009-01-F001-1.zip`. */
  fileName: string;
  kind: FileKind;
  /** The body, when asked for. */
  body?: ObjectStream["body"];
}

const PDF_RETRY_AFTER_SECONDS = 2;

/**
 * Finds a document's file for its owner (company and mode): an unknown document, another owner's document and a
 * file that does not exist yet are the same 404, so ids reveal nothing. The body is streamed from the object store.
 * The 80 mm ticket is made on its first request (the renderer writes it where the register keeps its key), then
 * served like any file.
 */
export class OpenDocumentFile {
  constructor(
    private readonly deps: {
      numbering: Client<typeof NumberingService>;
      objects: ObjectStore;
      rendering: Client<typeof RenderingService>;
    },
  ) {}

  async execute(request: FileRequest): Promise<DocumentFile> {
    const kind = parseKind(request.kind);
    const format = parseFormat(kind, request.format);
    if (!hasIdShape(request.documentId, "doc")) throw noSuchDocument(request.documentId);
    const { document, files } = await this.deps.numbering.getDocument({
      scope: request.scope,
      id: request.documentId,
    });
    const status = document?.status ?? "";
    const ticket = kind === "pdf" && format === "ticket";
    const key = kind === "pdf" ? (ticket ? files?.pdfTicket : files?.pdf) : files?.[kind];
    if (!key) throw notYet(kind, status);
    const found = await this.open(key, kind, request.withBody);
    if (found) return found;
    if (ticket) {
      await this.renderTicket(request.scope, request.documentId, status);
      const made = await this.open(key, kind, request.withBody);
      if (made) return made;
    }
    throw notYet(kind, status);
  }

  /** The stored file at `key`, null when it is not there. */
  private async open(key: string, kind: FileKind, withBody: boolean): Promise<DocumentFile | null> {
    const fileName = objectFileName(key);
    if (withBody) {
      const opened = await storage(() => this.deps.objects.stream(key));
      if (!opened) return null;
      const { body, ...info } = opened;
      return { info, fileName, kind, body };
    }
    const info = await storage(() => this.deps.objects.stat(key));
    return info ? { info, fileName, kind } : null;
  }

  /**
   * Asks the renderer for the ticket, within the client's deadline. The renderer down, slow or failing is a 503 to
   * retry (the ticket is not made yet, nothing is lost); a document it has nothing to print for is the usual 404.
   */
  private async renderTicket(scope: Scope, documentId: string, status: string): Promise<void> {
    try {
      await this.deps.rendering.renderTicket({ scope, id: documentId });
    } catch (error) {
      const code = error instanceof ConnectError ? error.code : Code.Unknown;
      if (code === Code.NotFound) throw noSuchDocument(documentId);
      if (code === Code.FailedPrecondition) throw notYet("pdf", status);
      throw apiError(
        GATEWAY_ERRORS.service_unavailable,
        "The PDF renderer is temporarily unavailable, so this ticket cannot be made now; retry later.",
        null,
        PDF_RETRY_AFTER_SECONDS,
      );
    }
  }
}

function parseKind(kind: string): FileKind {
  if ((FILE_KINDS as readonly string[]).includes(kind)) return kind as FileKind;
  throw apiError(
    SERVICE_ERRORS.resource_missing,
    `No such file kind: '${kind.slice(0, 20)}'. A document has the files xml, cdr and pdf.`,
    "kind",
  );
}

function parseFormat(kind: FileKind, format: string | undefined): PdfFormat {
  if (format === undefined) return "a4";
  if (kind === "pdf" && (PDF_FORMATS as readonly string[]).includes(format)) return format as PdfFormat;
  const message =
    kind === "pdf"
      ? "format must be a4 (the default) or ticket (an 80 mm roll)."
      : `format applies to the pdf only; the ${kind} has one form.`;
  throw apiError(SHAPE_ERRORS.parameter_invalid, message, "format");
}

const noSuchDocument = (id: string) =>
  apiError(SERVICE_ERRORS.resource_missing, `No such document: '${id.slice(0, 40)}'`);

/** A known document whose file is not there (yet): the PDF follows signing within seconds, the CDR SUNAT's answer. */
function notYet(kind: FileKind, status: string): ApiError {
  const pending = status === "pending";
  const message = {
    pdf: "The PDF of this document is being made; it exists seconds after the document is signed. Retry shortly.",
    cdr: pending
      ? "SUNAT has not answered for this document yet; the CDR exists once it does."
      : "This document has no CDR: SUNAT answered without one (its verdict is on the document).",
    xml: "The signed XML of this document is being made. Retry shortly.",
  }[kind];
  const retry = kind === "pdf" || kind === "xml" || pending ? PDF_RETRY_AFTER_SECONDS : null;
  return apiError(GATEWAY_ERRORS.file_not_ready, message, undefined, retry);
}

/** The object store failing is the caller's 503 to retry, never a 500. */
async function storage<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch {
    throw apiError(
      GATEWAY_ERRORS.service_unavailable,
      "File storage is temporarily unavailable; retry later.",
      undefined,
      PDF_RETRY_AFTER_SECONDS,
    );
  }
}
