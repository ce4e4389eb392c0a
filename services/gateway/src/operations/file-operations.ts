import { type AuthedState, callerScope } from "../http/context.js";
import { authenticatedErrors, errorResponse } from "../openapi/error-responses.js";
import type { Header, Response } from "../openapi/openapi-types.js";
import {
  documentIdParameter,
  pathParameter,
  queryParameter,
  requestIdHeader,
  retryAfterHeader,
} from "../openapi/operation-parts.js";
import { type DocumentFile, OpenDocumentFile } from "../usecases/open-document-file.js";
import { defineOperation } from "./define-operation.js";

const fileHeaders: Record<string, Header> = {
  "Content-Disposition": {
    description:
      'SUNAT\'s file name: `inline; filename="20000000001-01-F001-1.pdf"` for the PDF (`…-ticket.pdf` for the 80 mm format), `attachment; filename="20000000001-01-F001-1.xml"` for the XML, `attachment; filename="R-20000000001-01-F001-1.zip"` for the CDR.',
    schema: { type: "string" },
  },
  "Content-Length": { description: "Size of the file in bytes.", schema: { type: "integer", minimum: 0 } },
  ETag: {
    description:
      "Entity tag of the stored bytes (quoted; changes whenever the file does). Send it back in `If-None-Match` to get `304` instead of the bytes.",
    schema: { type: "string", examples: ['"3q2-7w8K0yY2b1mJm7n1cX2bq0m2b8Vt5b2m3Zc1Q9k"'] },
  },
  "Cache-Control": {
    description:
      "`private, max-age=86400, immutable` for the XML and the CDR (never change once made); `private, no-cache` for the PDF (revalidate with the ETag: a guide's PDF is drawn again with SUNAT's QR after acceptance).",
    schema: { type: "string" },
  },
};

const signedLinkParameters = [
  queryParameter(
    "company",
    "Signed links only: the owning company (`cmp_…`). Part of the link as presented; do not change it.",
    { type: "string", pattern: "^cmp_", examples: ["cmp_01JZ8X3M5Q7R9T1V3W5Y7Z9B2C"] },
  ),
  queryParameter("mode", "Signed links only: `test` or `live`, the mode of the document.", {
    type: "string",
    enum: ["test", "live"],
    examples: ["test"],
  }),
  queryParameter(
    "expires",
    "Signed links only: when the link stops working, in Unix seconds (UTC), on the hour at least `FILE_LINK_TTL_SECONDS` (default 7 days) after the document was read.",
    { type: "integer", examples: [1781092800] },
  ),
  queryParameter(
    "signature",
    "Signed links only: base64url HMAC-SHA256 of the path, company, mode and expiry under the server's `FILE_LINK_SECRET`. With it, no API key is needed.",
    {
      type: "string",
      pattern: "^[A-Za-z0-9_-]{43}$",
      examples: ["m1Yc0bq2X9v3Zr7QmT4sE8wK6aL2nP5dJ0hU1yB3cF4"],
    },
  ),
];

const ok: Response = {
  description:
    "The file, byte for byte as stored: the XML as signed, the CDR as SUNAT sent it. `HEAD` answers the same headers without the bytes.",
  headers: { ...fileHeaders, "Request-Id": requestIdHeader },
  content: {
    "application/xml": { schema: { type: "string", description: "The signed UBL 2.1 XML." } },
    "application/zip": { schema: { type: "string", description: "The CDR zip, as SUNAT sent it." } },
    "application/pdf": {
      schema: {
        type: "string",
        description: "The printed representation (A4, or 80 mm with `format=ticket`), with SUNAT's QR code.",
      },
    },
  },
};
/**
 * `GET|HEAD /v1/files/{document_id}/{kind}`: the bytes as stored (signed XML, SUNAT's CDR, the PDF), streamed, with
 * SUNAT's file name, an ETag (`If-None-Match` → 304) and cache rules per kind.
 */
export const getDocumentFile = defineOperation({
  method: "get",
  path: "/v1/files/{document_id}/{kind}",
  operationId: "getDocumentFile",
  summary: "Download a document's file",
  description:
    "The bytes of the signed UBL 2.1 XML, SUNAT's CDR (a zip) or the PDF, streamed, with SUNAT's file name. The URLs are the document's `links`, as presented to you: **signed and expiring**, so they open without a key (hand them to a customer, or put them in an email); the same path also answers to the bearer key of the document's company and mode. Another company's or mode's document answers 404, like an unknown one. A file that does not exist yet answers 404 `file_not_ready` (the PDF and XML within seconds of issuing, with `Retry-After`; the CDR once SUNAT answered). `HEAD` is answered too, with the headers only.",
  tags: ["Files"],
  security: [{ bearerAuth: [] }, { fileLinkSignature: [] }],
  parameters: [
    documentIdParameter("document_id"),
    pathParameter(
      "kind",
      "Which file: `xml` (the signed UBL), `cdr` (SUNAT's answer, a zip) or `pdf` (the printed representation).",
      { type: "string", enum: ["xml", "cdr", "pdf"], examples: ["pdf"] },
    ),
    queryParameter(
      "format",
      "PDF only: `a4` (default) or `ticket`, the same document laid out for an 80 mm point-of-sale roll. The A4 is made when the document is signed; the ticket on its first request (that request waits for the render; while the renderer is unavailable it is 503 with `Retry-After`), then kept and served like any file, with the same bytes and ETag on every request.",
      { type: "string", enum: ["a4", "ticket"], default: "a4", examples: ["ticket"] },
    ),
    ...signedLinkParameters,
    {
      name: "If-None-Match",
      in: "header",
      required: false,
      description: "ETags you hold; when one matches the file, the answer is `304` without the bytes.",
      schema: { type: "string", examples: ['"3q2-7w8K0yY2b1mJm7n1cX2bq0m2b8Vt5b2m3Zc1Q9k"'] },
    },
  ],
  responses: {
    "200": ok,
    "304": {
      description: "The file has not changed since the ETag sent in `If-None-Match`.",
      headers: { ETag: fileHeaders.ETag!, "Request-Id": requestIdHeader },
    },
    ...authenticatedErrors(),
    "403": errorResponse("A link without a key whose signature does not match, or which has expired.", [
      "file_link_invalid",
      "file_link_expired",
    ]),
    "404": errorResponse(
      "No such document (or one of another company or mode), an unknown kind, or a file that does not exist yet (`file_not_ready`, with `Retry-After` when it is on its way).",
      ["document_missing", "file_kind_missing", "file_not_ready"],
      [],
      retryAfterHeader,
    ),
    "422": errorResponse("`format` is not `a4` or `ticket`, or was sent for the XML or CDR.", [
      "file_format_invalid",
    ]),
  },
  handler: ({ deps }) => {
    const openFile = new OpenDocumentFile(deps);
    return async (ctx) => {
      const { format } = ctx.query;
      // Opening a body is cheap (a file handle, or a GET whose stream is dropped on 304), and keeps headers and
      // bytes of one version of the object.
      const file = await openFile.execute({
        scope: callerScope(ctx.state as AuthedState),
        documentId: ctx.params.document_id!,
        kind: ctx.params.kind!,
        format: Array.isArray(format) ? format.join(",") : format,
        withBody: ctx.method === "GET",
      });
      setHeaders(ctx, file);
      const conditional = ctx.get("if-none-match");
      if (conditional && matches(conditional, file.info.etag)) {
        file.body?.destroy();
        ctx.status = 304;
        return;
      }
      if (file.body) ctx.body = file.body;
      else ctx.status = 200;
      ctx.length = file.info.size;
    };
  },
});

/** How each file is offered: the PDF opens in the browser, XML and CDR download. */
const PRESENTATION = {
  xml: { disposition: "attachment", cacheControl: "private, max-age=86400, immutable" },
  cdr: { disposition: "attachment", cacheControl: "private, max-age=86400, immutable" },
  // A PDF can be drawn again (a guide's gets SUNAT's QR after acceptance): caches revalidate with the ETag.
  pdf: { disposition: "inline", cacheControl: "private, no-cache" },
} as const;

function setHeaders(ctx: { set(field: string, value: string): void }, file: DocumentFile) {
  const { disposition, cacheControl } = PRESENTATION[file.kind];
  ctx.set("Content-Type", file.info.contentType);
  ctx.set("Content-Disposition", `${disposition}; filename="${file.fileName}"`);
  ctx.set("ETag", file.info.etag);
  ctx.set("Cache-Control", cacheControl);
  ctx.set("X-Content-Type-Options", "nosniff");
}

/** RFC 9110 weak comparison, as `If-None-Match` uses: `W/"x"` matches `"x"`, and `*` matches any. */
function matches(header: string, etag: string): boolean {
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}
