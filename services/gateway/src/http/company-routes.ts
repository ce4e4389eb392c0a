import type { IgvRegime } from "@einvoice/domain";
import type { Router } from "@koa/router";
import { CompanyLogoRepository } from "../adapters/company-logo-repository.js";
import { CompanySettingsRepository } from "../adapters/company-settings-repository.js";
import { validationFailed } from "../errors/public-errors.js";
import type { ReadCompanySetup } from "../usecases/read-company-setup.js";
import { SetIgvRegime } from "../usecases/set-igv-regime.js";
import { certificateResource } from "./certificate-resource.js";
import { type AuthedState, type GatewayDeps, scopeOf } from "./context.js";
import { logoResource } from "./logo-routes.js";

export function companyRoutes(router: Router<AuthedState>, deps: GatewayDeps, readSetup: ReadCompanySetup) {
  const present = async (caller: AuthedState["caller"]) => {
    const { company, livemode } = caller;
    const scope = scopeOf(caller);
    // Credentials and the IGV regime are per mode: the key's mode decides which are shown.
    const [setup, igvRegime, logo] = await Promise.all([
      readSetup.execute(scope),
      new CompanySettingsRepository(deps.store).igvRegime(scope),
      new CompanyLogoRepository(deps.store).find(scope),
    ]);
    return {
      id: company._id,
      object: "company",
      livemode,
      ruc: company.ruc,
      legal_name: company.legal_name,
      trade_name: company.trade_name,
      address: company.address,
      igv_regime: igvRegime,
      certificate: setup.certificate ? certificateResource(setup.certificate, livemode) : null,
      sol_user: setup.solUser,
      gre_client_id: setup.greClientId,
      logo: logo ? logoResource(logo, livemode) : null,
      ready: setup.missing.length === 0,
      created_at: company.created_at,
    };
  };

  router.get("/v1/company", async (ctx) => {
    ctx.body = await present(ctx.state.caller);
  });

  router.put("/v1/company/igv_regime", async (ctx) => {
    const violations = deps.validator.igvRegime(ctx.request.body);
    if (violations.length > 0) throw validationFailed(violations);
    const { igv_regime } = ctx.request.body as { igv_regime: IgvRegime };
    await new SetIgvRegime(deps.store).execute(scopeOf(ctx.state.caller), igv_regime);
    ctx.body = await present(ctx.state.caller);
  });
}
