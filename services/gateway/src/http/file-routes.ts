import type { Router } from "@koa/router";
import type { DocumentFile, OpenDocumentFile } from "../usecases/open-document-file.js";
import { type AuthedState, callerScope } from "./context.js";

/** How each file is offered: the PDF opens in the browser, XML and CDR download. */
const PRESENTATION = {
  xml: { disposition: "attachment", cacheControl: "private, max-age=86400, immutable" },
  cdr: { disposition: "attachment", cacheControl: "private, max-age=86400, immutable" },
  // A PDF can be drawn again (a guide's gets SUNAT's QR after acceptance): caches revalidate with the ETag.
  pdf: { disposition: "inline", cacheControl: "private, no-cache" },
} as const;

/**
 * `GET|HEAD /v1/files/{document_id}/{kind}`: the bytes as stored (signed XML, SUNAT's CDR, the PDF), streamed, with
 * SUNAT's file name, an ETag (`If-None-Match` → 304) and cache rules per kind.
 */
export function fileRoutes(router: Router<AuthedState>, openFile: OpenDocumentFile) {
  router.get("/v1/files/:id/:kind", async (ctx) => {
    const { format } = ctx.query;
    // Opening a body is cheap (a file handle, or a GET whose stream is dropped on 304), and keeps headers and
    // bytes of one version of the object.
    const file = await openFile.execute({
      scope: callerScope(ctx.state),
      documentId: ctx.params.id!,
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
  });
}

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
