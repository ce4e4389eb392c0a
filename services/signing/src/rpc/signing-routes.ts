import type { ConnectRouter } from "@connectrpc/connect";
import { Code, ConnectError } from "@einvoice/platform";
import { SigningService } from "@einvoice/proto";
import type { CredentialVault } from "../usecases/credential-vault.js";

export function signingRoutes(vault: CredentialVault) {
  return (router: ConnectRouter) =>
    router.service(SigningService, {
      async getSigningStatus(req) {
        if (!req.scope?.companyId)
          throw new ConnectError("scope.company_id is required", Code.InvalidArgument);
        const record = await vault.find(req.scope.companyId, req.scope.livemode);
        // Test mode always can sign: its certificate is made on first use.
        if (!record)
          return { hasCertificate: !req.scope.livemode, certificateSubject: "", certificateExpiresAt: "" };
        return {
          hasCertificate: true,
          certificateSubject: record.subject,
          certificateExpiresAt: record.expires_at,
        };
      },
    });
}
