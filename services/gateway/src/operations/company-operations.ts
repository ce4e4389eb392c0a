import { certificateFields, presentAs } from "@einvoice/contracts";
import type { IgvRegime } from "@einvoice/domain";
import { api } from "@einvoice/proto";
import { CompanyLogoRepository } from "../adapters/company-logo-repository.js";
import { CompanySettingsRepository } from "../adapters/company-settings-repository.js";
import { validationFailed } from "../errors/public-errors.js";
import { type AuthedState, type GatewayDeps, scopeOf } from "../http/context.js";
import { companyExample } from "../openapi/company-examples.js";
import { authenticatedErrors, bodyErrors, errorResponse, SHAPE_CODES } from "../openapi/error-responses.js";
import { schemaRef } from "../openapi/json-schema.js";
import { json, ok } from "../openapi/operation-parts.js";
import type { ReadCompanySetup } from "../usecases/read-company-setup.js";
import { SetIgvRegime } from "../usecases/set-igv-regime.js";
import { defineOperation } from "./define-operation.js";

/** The company as the key's mode sees it: credentials, IGV regime and logo are per mode. */
async function presentCompany(deps: GatewayDeps, readSetup: ReadCompanySetup, caller: AuthedState["caller"]) {
  const { company, livemode } = caller;
  const scope = scopeOf(caller);
  // Credentials and the IGV regime are per mode: the key's mode decides which are shown.
  const [setup, igvRegime, logo] = await Promise.all([
    readSetup.execute(scope),
    new CompanySettingsRepository(deps.store).igvRegime(scope),
    new CompanyLogoRepository(deps.store).find(scope),
  ]);
  // The certificate and logo go in unpresented: presenting the company presents them.
  return presentAs(api.CompanySchema, {
    ...company,
    id: company._id,
    livemode,
    igv_regime: igvRegime,
    certificate: setup.certificate && certificateFields(setup.certificate, livemode),
    sol_user: setup.solUser,
    gre_client_id: setup.greClientId,
    logo: logo && { ...logo, livemode },
    ready: setup.missing.length === 0,
  });
}

export const getCompany = defineOperation({
  method: "get",
  path: "/v1/company",
  operationId: "getCompany",
  summary: "Retrieve the caller's company",
  description:
    "The company of the key (the issuer printed on its documents), with the key's mode's `certificate`, `sol_user` and `ready`: check `ready` before issuing with a live key.",
  tags: ["Company"],
  responses: {
    "200": ok("The company.", schemaRef("Company"), {
      test: { summary: "Test mode", value: companyExample },
    }),
    ...authenticatedErrors(),
  },
  handler:
    ({ deps, issuing }) =>
    async (ctx) => {
      ctx.body = await presentCompany(deps, issuing.readSetup, ctx.state.caller);
    },
});

export const setIgvRegime = defineOperation({
  method: "put",
  path: "/v1/company/igv_regime",
  operationId: "setIgvRegime",
  summary: "Set the IGV regime of the key's mode",
  description:
    "Whether the company's invoices and receipts of the key's mode carry the general IGV (18 %, the default) or the special rate for micro and small restaurants, hotels and tourist lodgings (Ley 31556 and its extensions; the company must be in SUNAT's register, or SUNAT observes each document with 4439). With `restaurants_hotels`, every IGV line carries the special rate in force on the issue date (10 % until 2025-12-31, 10.5 % in 2026; one rate per document, SUNAT rule 3462), in the amounts, the XML (`cbc:Percent`) and the PDF (`IGV 10.5%`). An invoice of S/ 100.00 + IGV issued in 2026 totals S/ 110.50. Documents already issued keep their rate. Answers the company.",
  tags: ["Company"],
  requestBody: {
    description: "The regime.",
    required: true,
    content: json(schemaRef("IgvRegimeRequest"), {
      restaurant: {
        summary: "A restaurant in the register",
        value: { igv_regime: "restaurants_hotels" },
      },
      general: { summary: "Back to 18 %", value: { igv_regime: "general" } },
    }),
  },
  responses: {
    "200": ok("The company, with its `igv_regime`.", schemaRef("Company"), {
      restaurant: {
        summary: "A restaurant",
        value: { ...companyExample, igv_regime: "restaurants_hotels" },
      },
    }),
    ...bodyErrors(),
    ...authenticatedErrors(),
    "422": errorResponse(
      "The body's shape: `igv_regime` is `general` or `restaurants_hotels`.",
      ["igv_regime_invalid"],
      [...SHAPE_CODES],
    ),
  },
  handler: ({ deps, issuing }) => {
    const setIgvRegime = new SetIgvRegime(deps.store);
    return async (ctx) => {
      const violations = deps.validator.igvRegime(ctx.request.body);
      if (violations.length > 0) throw validationFailed(violations);
      const { igv_regime } = ctx.request.body as { igv_regime: IgvRegime };
      await setIgvRegime.execute(scopeOf(ctx.state.caller), igv_regime);
      ctx.body = await presentCompany(deps, issuing.readSetup, ctx.state.caller);
    };
  },
});
