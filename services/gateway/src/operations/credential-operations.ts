import { presentAs, presentCertificate } from "@einvoice/contracts";
import { api } from "@einvoice/proto";
import { GATEWAY_ERRORS } from "../errors/gateway-errors.js";
import { apiError, validationFailed } from "../errors/public-errors.js";
import { scopeOf } from "../http/context.js";
import { certificateExample, solCredentialsExample } from "../openapi/company-examples.js";
import {
  authenticatedErrors,
  bodyErrors,
  CREDENTIAL_CODES,
  errorResponse,
  SHAPE_CODES,
} from "../openapi/error-responses.js";
import { schemaRef } from "../openapi/json-schema.js";
import { json, ok } from "../openapi/operation-parts.js";
import type { CertificateUploadBody } from "../schemas/certificate-upload.schema.js";
import type { GreCredentialsBody } from "../schemas/gre-credentials.schema.js";
import type { SolCredentialsBody } from "../schemas/sol-credentials.schema.js";
import { defineOperation } from "./define-operation.js";

/*
 * The company's live credentials, for the key's mode: the certificate goes to signing (which keeps the key
 * encrypted), the SOL pair and the GRE pair to submission (which uses them). The gateway stores none.
 */

export const setCompanyCertificate = defineOperation({
  method: "put",
  path: "/v1/company/certificate",
  operationId: "setCompanyCertificate",
  summary: "Upload the signing certificate of the key's mode",
  description:
    "The digital certificate that signs the key's mode's documents: either `pfx` (base64 of the .pfx/.p12) with its `password`, or a PEM `certificate` with its PEM `private_key`; not both. The key must be RSA and match the certificate, and the certificate must be valid today. Replaces the mode's previous certificate; the private key is stored encrypted by the signing service and never returned.",
  tags: ["Company"],
  requestBody: {
    description: "The certificate and its private key, in one of two forms.",
    required: true,
    content: json(schemaRef("CertificateUploadRequest"), {
      pkcs12: {
        summary: "A PKCS#12 file",
        value: {
          pfx: "MIIKAgEDMIIJ+AYJKoZIhvcNAQcBoIIJ6QSCCeUwggnhMIIFBgYJKoZIhvcNAQcB",
          password: "clave",
        },
      },
      pem: {
        summary: "PEM certificate and key",
        value: {
          certificate: "-----BEGIN CERTIFICATE-----\n…\n-----END CERTIFICATE-----\n",
          private_key: "-----BEGIN PRIVATE KEY-----\n…\n-----END PRIVATE KEY-----\n",
        },
      },
    }),
  },
  responses: {
    "200": ok("The certificate now in use for the mode.", schemaRef("Certificate"), {
      uploaded: { summary: "The uploaded certificate", value: certificateExample },
    }),
    ...bodyErrors(),
    ...authenticatedErrors(),
    "422": errorResponse(
      "The body's shape, or the credentials themselves; `param` names `pfx`, `password`, `certificate` or `private_key`.",
      ["wrong_password", "key_certificate_mismatch"],
      [...SHAPE_CODES, ...CREDENTIAL_CODES],
    ),
  },
  handler:
    ({ deps }) =>
    async (ctx) => {
      const violations = deps.validator.certificateUpload(ctx.request.body);
      if (violations.length > 0) throw validationFailed(violations);
      const body = ctx.request.body as CertificateUploadBody;
      const { certificate } = await deps.signing.uploadCertificate({
        scope: scopeOf(ctx.state.caller),
        credentials:
          body.pfx !== undefined
            ? {
                case: "pkcs12",
                value: { pfx: Buffer.from(body.pfx, "base64"), password: body.password ?? "" },
              }
            : {
                case: "pem",
                value: { certificatePem: body.certificate ?? "", privateKeyPem: body.private_key ?? "" },
              },
      });
      if (!certificate) throw apiError(GATEWAY_ERRORS.internal_error);
      ctx.body = presentCertificate(certificate, ctx.state.caller.livemode);
    },
});

export const setSolCredentials = defineOperation({
  method: "put",
  path: "/v1/company/sol_credentials",
  operationId: "setSolCredentials",
  summary: "Set the SOL user and password of the key's mode",
  description:
    "The Clave SOL that submission sends to SUNAT with every document of the key's mode (as `<RUC><user>`). Replaces the previous pair; stored encrypted by the submission service; the password is never returned.",
  tags: ["Company"],
  requestBody: {
    description: "The SOL user and password.",
    required: true,
    content: json(schemaRef("SolCredentialsRequest"), {
      beta: { summary: "SUNAT beta's public pair", value: { user: "MODDATOS", password: "moddatos" } },
    }),
  },
  responses: {
    "200": ok("The SOL user now in use for the mode.", schemaRef("SolCredentials"), {
      set: { summary: "The user set", value: solCredentialsExample },
    }),
    ...bodyErrors(),
    ...authenticatedErrors(),
    "422": errorResponse("The body's shape.", ["sol_user_invalid"], [...SHAPE_CODES]),
  },
  handler:
    ({ deps }) =>
    async (ctx) => {
      const violations = deps.validator.solCredentials(ctx.request.body);
      if (violations.length > 0) throw validationFailed(violations);
      const body = ctx.request.body as SolCredentialsBody;
      const res = await deps.submission.setSolCredentials({
        scope: scopeOf(ctx.state.caller),
        user: body.user,
        password: body.password,
      });
      // The password is never echoed.
      ctx.body = presentAs(api.SolCredentialsSchema, {
        livemode: ctx.state.caller.livemode,
        user: res.solUser,
      });
    },
});

/** SUNAT's guide API (GRE REST) credentials, kept by submission, which asks SUNAT for tokens with them. */
export const setGreCredentials = defineOperation({
  method: "put",
  path: "/v1/company/gre_credentials",
  operationId: "setGreCredentials",
  summary: "Set SUNAT's GRE API credentials of the key's mode",
  description:
    "The `client_id` and `client_secret` SUNAT issues in SOL (Credenciales API) for its guide API: submission asks SUNAT for OAuth2 tokens with them (and the SOL user) to send despatch advices. Replaces the previous pair; stored encrypted by the submission service; the secret is never returned. Live despatch advices need them; test mode uses the simulator's test pair.",
  tags: ["Company"],
  requestBody: {
    description: "The GRE API client id and secret.",
    required: true,
    content: json(schemaRef("GreCredentialsRequest"), {
      pair: {
        summary: "A pair from SOL",
        value: { client_id: "7d3f7c6e-1b2a-4c5d-9e8f-0a1b2c3d4e5f", client_secret: "Xy9…secret" },
      },
    }),
  },
  responses: {
    "200": ok("The client id now in use for the mode.", schemaRef("GreCredentials"), {
      set: {
        summary: "The pair set",
        value: {
          object: "gre_credentials",
          livemode: false,
          client_id: "7d3f7c6e-1b2a-4c5d-9e8f-0a1b2c3d4e5f",
        },
      },
    }),
    ...bodyErrors(),
    ...authenticatedErrors(),
    "422": errorResponse("The body's shape.", ["shape_invalid"], [...SHAPE_CODES]),
  },
  handler:
    ({ deps }) =>
    async (ctx) => {
      const violations = deps.validator.greCredentials(ctx.request.body);
      if (violations.length > 0) throw validationFailed(violations);
      const body = ctx.request.body as GreCredentialsBody;
      const res = await deps.submission.setGreCredentials({
        scope: scopeOf(ctx.state.caller),
        clientId: body.client_id,
        clientSecret: body.client_secret,
      });
      // The secret is never echoed.
      ctx.body = presentAs(api.GreCredentialsSchema, {
        livemode: ctx.state.caller.livemode,
        client_id: res.clientId,
      });
    },
});
