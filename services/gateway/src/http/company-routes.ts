import type { Router } from "@koa/router";
import type { AuthedState } from "./context.js";

export function companyRoutes(router: Router<AuthedState>) {
  router.get("/v1/company", (ctx) => {
    const { company, livemode } = ctx.state.caller;
    ctx.body = {
      id: company._id,
      object: "company",
      livemode,
      ruc: company.ruc,
      legal_name: company.legal_name,
      trade_name: company.trade_name,
      address: company.address,
      created_at: company.created_at,
    };
  });
}
