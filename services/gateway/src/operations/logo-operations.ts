import type { CompanyLogo, LogoFormat } from "@einvoice/domain";
import { SERVICE_ERRORS } from "@einvoice/platform";
import { apiError } from "../errors/public-errors.js";
import { scopeOf } from "../http/context.js";
import { readLogoBody } from "../http/logo-body.js";
import { logoRefusal, logoResource, unsupportedLogo } from "../http/logo-resource.js";
import { authenticatedErrors, errorResponse } from "../openapi/error-responses.js";
import { schemaRef } from "../openapi/json-schema.js";
import { ok, requestIdHeader } from "../openapi/operation-parts.js";
import { OpenCompanyLogo } from "../usecases/open-company-logo.js";
import { RemoveCompanyLogo } from "../usecases/remove-company-logo.js";
import { LogoRefused, SetCompanyLogo } from "../usecases/set-company-logo.js";
import { defineOperation } from "./define-operation.js";

const logoExample: CompanyLogo = {
  object: "company_logo",
  livemode: false,
  content_type: "image/png",
  size: 18342,
  width: 600,
  height: 200,
  sha256: "3f0a6c1e9b2d4f8a7c5e3b1d9f7a5c3e1b9d7f5a3c1e9b7d5f3a1c9e7b5d3f1a",
  updated_at: "2026-06-01T15:00:00.000Z",
};

const LIMITS =
  "PNG or JPEG (baseline or progressive, 8-bit), at most 512 KiB (524288 bytes) and 2000 pixels on each side, at least 16. The type is read from the bytes (magic numbers), and must be the one `Content-Type` names.";

/** `PUT /v1/company/logo`: the company's logo in the key's mode. The body is the image itself, so it is served before the JSON body is read. */
export const setCompanyLogo = defineOperation({
  method: "put",
  path: "/v1/company/logo",
  mount: "raw",
  operationId: "setCompanyLogo",
  summary: "Upload the company's logo for the key's mode",
  description: `The body is the image itself. ${LIMITS} The logo prints at the top of the A4 PDF (fitted into 170 × 56 pt above the issuer's name) and of the 80 mm ticket (fitted into the paper's width × 52 pt, centred), at any aspect ratio without distortion, and shows in the documents' emails. It applies to documents issued from now on: a document keeps the logo it was issued with for good (its PDF never changes when the logo does). Uploading the same bytes again changes nothing; another image replaces the logo. Answers the logo.`,
  tags: ["Company"],
  requestBody: {
    description: "The logo's bytes.",
    required: true,
    content: {
      "image/png": {
        schema: { type: "string", contentMediaType: "image/png", description: "A PNG file." },
      },
      "image/jpeg": {
        schema: { type: "string", contentMediaType: "image/jpeg", description: "A JPEG file." },
      },
    },
  },
  responses: {
    "200": ok("The logo now in use for the mode.", schemaRef("CompanyLogo"), {
      uploaded: { summary: "A 600 × 200 PNG", value: logoExample },
    }),
    ...authenticatedErrors(),
    "415": errorResponse("The body is not a PNG or JPEG (by `Content-Type` or by its bytes).", [
      "logo_type_unsupported",
    ]),
    "422": errorResponse(`The image cannot be the logo; \`param\` is \`body\`. ${LIMITS}`, [
      "logo_too_large",
      "logo_invalid",
    ]),
  },
  handler: ({ deps }) => {
    const setLogo = new SetCompanyLogo(deps);
    return async (ctx) => {
      const type = ctx.is("image/png", "image/jpeg");
      if (!type)
        throw unsupportedLogo(
          "Send the logo's bytes as the body with 'Content-Type: image/png' or 'image/jpeg'.",
        );
      const body = await readLogoBody(ctx);
      const declared: LogoFormat = type === "image/png" ? "png" : "jpeg";
      const logo = await setLogo
        .execute(scopeOf(ctx.state.caller), declared, body)
        .catch((error: unknown) => {
          throw error instanceof LogoRefused ? logoRefusal(error) : error;
        });
      ctx.body = logoResource(logo, ctx.state.caller.livemode);
    };
  },
});

/** `GET /v1/company/logo`: the company's logo in the key's mode. */
export const getCompanyLogo = defineOperation({
  method: "get",
  path: "/v1/company/logo",
  mount: "raw",
  operationId: "getCompanyLogo",
  summary: "Download the company's logo for the key's mode",
  description:
    "The bytes of the logo documents issued now print, as uploaded, with its `Content-Type` and its SHA-256 as `ETag` (`If-None-Match` → 304).",
  tags: ["Company"],
  parameters: [
    {
      name: "If-None-Match",
      in: "header",
      required: false,
      description: "ETags you hold; when one matches the logo, the answer is `304` without the bytes.",
      schema: { type: "string", examples: [`"${logoExample.sha256}"`] },
    },
  ],
  responses: {
    "200": {
      description: "The logo's bytes.",
      headers: {
        ETag: {
          description: "The logo's SHA-256 (lowercase hex), quoted.",
          schema: { type: "string" },
        },
        "Request-Id": requestIdHeader,
      },
      content: {
        "image/png": {
          schema: { type: "string", contentMediaType: "image/png", description: "A PNG logo." },
        },
        "image/jpeg": {
          schema: { type: "string", contentMediaType: "image/jpeg", description: "A JPEG logo." },
        },
      },
    },
    "304": {
      description: "The logo has not changed since the ETag sent in `If-None-Match`.",
      headers: { "Request-Id": requestIdHeader },
    },
    ...authenticatedErrors(),
    "404": errorResponse("The company has no logo in the key's mode.", ["logo_missing"]),
  },
  handler: ({ deps }) => {
    const openLogo = new OpenCompanyLogo(deps);
    return async (ctx) => {
      const found = await openLogo.execute(scopeOf(ctx.state.caller));
      if (!found)
        throw apiError(
          SERVICE_ERRORS.resource_missing,
          "The company has no logo in this mode: upload one with PUT /v1/company/logo.",
          null,
        );
      const etag = `"${found.logo.sha256}"`;
      ctx.set("Content-Type", found.logo.content_type);
      ctx.set("ETag", etag);
      // The logo can change at any time: caches revalidate with the ETag.
      ctx.set("Cache-Control", "private, no-cache");
      ctx.set("X-Content-Type-Options", "nosniff");
      const conditional = ctx.get("if-none-match");
      if (conditional?.split(",").some((t) => t.trim().replace(/^W\//, "") === etag)) {
        found.file.body.destroy();
        ctx.status = 304;
        return;
      }
      ctx.body = found.file.body;
      ctx.length = found.file.size;
    };
  },
});

/** `DELETE /v1/company/logo`: the company's logo in the key's mode. */
export const deleteCompanyLogo = defineOperation({
  method: "delete",
  path: "/v1/company/logo",
  mount: "raw",
  operationId: "deleteCompanyLogo",
  summary: "Remove the company's logo for the key's mode",
  description:
    "Documents issued from now on print no logo. Documents already issued keep theirs (their PDFs and any later print of them).",
  tags: ["Company"],
  responses: {
    "204": { description: "Removed.", headers: { "Request-Id": requestIdHeader } },
    ...authenticatedErrors(),
    "404": errorResponse("The company has no logo in the key's mode.", ["logo_missing"]),
  },
  handler: ({ deps }) => {
    const removeLogo = new RemoveCompanyLogo(deps.store);
    return async (ctx) => {
      if (!(await removeLogo.execute(scopeOf(ctx.state.caller))))
        throw apiError(SERVICE_ERRORS.resource_missing, "The company has no logo in this mode.", null);
      ctx.status = 204;
    };
  },
});
