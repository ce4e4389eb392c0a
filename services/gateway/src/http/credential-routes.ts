import type { Router } from "@koa/router";
import { GATEWAY_ERRORS } from "../errors/gateway-errors.js";
import { apiError, validationFailed } from "../errors/public-errors.js";
import type { CertificateUploadBody } from "../schemas/certificate-upload.schema.js";
import type { GreCredentialsBody } from "../schemas/gre-credentials.schema.js";
import type { SolCredentialsBody } from "../schemas/sol-credentials.schema.js";
import { certificateResource } from "./certificate-resource.js";
import { type AuthedState, type GatewayDeps, scopeOf } from "./context.js";

/**
 * The company's live credentials, for the key's mode: the certificate goes to signing (which keeps the key
 * encrypted), the SOL pair to submission (which uses it). The gateway stores neither.
 */
export function credentialRoutes(router: Router<AuthedState>, deps: GatewayDeps) {
  router.put("/v1/company/certificate", async (ctx) => {
    const violations = deps.validator.certificateUpload(ctx.request.body);
    if (violations.length > 0) throw validationFailed(violations);
    const body = ctx.request.body as CertificateUploadBody;
    const { certificate } = await deps.signing.uploadCertificate({
      scope: scopeOf(ctx.state.caller),
      credentials:
        body.pfx !== undefined
          ? { case: "pkcs12", value: { pfx: Buffer.from(body.pfx, "base64"), password: body.password ?? "" } }
          : {
              case: "pem",
              value: { certificatePem: body.certificate ?? "", privateKeyPem: body.private_key ?? "" },
            },
    });
    if (!certificate) throw apiError(GATEWAY_ERRORS.internal_error);
    ctx.body = certificateResource(certificate, ctx.state.caller.livemode);
  });

  router.put("/v1/company/sol_credentials", async (ctx) => {
    const violations = deps.validator.solCredentials(ctx.request.body);
    if (violations.length > 0) throw validationFailed(violations);
    const body = ctx.request.body as SolCredentialsBody;
    const res = await deps.submission.setSolCredentials({
      scope: scopeOf(ctx.state.caller),
      user: body.user,
      password: body.password,
    });
    // The password is never echoed.
    ctx.body = { object: "sol_credentials", livemode: ctx.state.caller.livemode, user: res.solUser };
  });

  // SUNAT's guide API (GRE REST) credentials, kept by submission, which asks SUNAT for tokens with them.
  router.put("/v1/company/gre_credentials", async (ctx) => {
    const violations = deps.validator.greCredentials(ctx.request.body);
    if (violations.length > 0) throw validationFailed(violations);
    const body = ctx.request.body as GreCredentialsBody;
    const res = await deps.submission.setGreCredentials({
      scope: scopeOf(ctx.state.caller),
      clientId: body.client_id,
      clientSecret: body.client_secret,
    });
    // The secret is never echoed.
    ctx.body = { object: "gre_credentials", livemode: ctx.state.caller.livemode, client_id: res.clientId };
  });
}
