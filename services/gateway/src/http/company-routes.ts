import type { Router } from "@koa/router";
import type { ReadCompanySetup } from "../usecases/read-company-setup.js";
import { certificateResource } from "./certificate-resource.js";
import { type AuthedState, scopeOf } from "./context.js";

export function companyRoutes(router: Router<AuthedState>, readSetup: ReadCompanySetup) {
  router.get("/v1/company", async (ctx) => {
    const { company, livemode } = ctx.state.caller;
    // Credentials are per mode: the key's mode decides which certificate and SOL user are shown.
    const setup = await readSetup.execute(scopeOf(ctx.state.caller));
    ctx.body = {
      id: company._id,
      object: "company",
      livemode,
      ruc: company.ruc,
      legal_name: company.legal_name,
      trade_name: company.trade_name,
      address: company.address,
      certificate: setup.certificate ? certificateResource(setup.certificate, livemode) : null,
      sol_user: setup.solUser,
      gre_client_id: setup.greClientId,
      ready: setup.missing.length === 0,
      created_at: company.created_at,
    };
  });
}
