import type { CompanyLogoResource } from "./company-schemas.js";
import { authenticatedErrors, errorResponse } from "./error-responses.js";
import { schemaRef } from "./json-schema.js";
import type { PathItem } from "./openapi-types.js";
import { ok, requestIdHeader } from "./operation-parts.js";

const logoExample: CompanyLogoResource = {
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

/** `PUT|GET|DELETE /v1/company/logo`: the company's logo in the key's mode. */
export function logoPaths(): Record<string, PathItem> {
  return {
    "/v1/company/logo": {
      put: {
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
      },
      get: {
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
      },
      delete: {
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
      },
    },
  };
}
