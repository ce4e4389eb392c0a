import type { Scope } from "@einvoice/domain";
import { CompanyLogoRepository } from "../adapters/company-logo-repository.js";
import { CompanySettingsRepository } from "../adapters/company-settings-repository.js";
import { CreateDespatchAdvice } from "../usecases/create-despatch-advice.js";
import { CreateDocument } from "../usecases/create-document.js";
import { CreateNote } from "../usecases/create-note.js";
import { ReadCompanySetup } from "../usecases/read-company-setup.js";
import type { GatewayDeps } from "./context.js";

/**
 * The use cases that issue documents, wired once: the API's routes and the dashboard's forms issue through the
 * same instances' wiring (tax service, the mode's IGV regime and logo, live readiness, the register, waiters).
 */
export function issuingUseCases(deps: GatewayDeps) {
  const readSetup = new ReadCompanySetup(deps.signing, deps.submission);
  const settings = new CompanySettingsRepository(deps.store);
  const igvRegime = (scope: Scope) => settings.igvRegime(scope);
  const logos = new CompanyLogoRepository(deps.store);
  const logoKey = async (scope: Scope) => (await logos.find(scope))?.key;
  const createDocument = new CreateDocument({
    igvRegime,
    logoKey,
    numbering: deps.numbering,
    issues: deps.issues,
    readSetup,
    tax: deps.tax,
    waiter: deps.waiter,
  });
  const createNote = new CreateNote({ numbering: deps.numbering, createDocument, igvRegime, tax: deps.tax });
  const createDespatchAdvice = new CreateDespatchAdvice({
    logoKey,
    numbering: deps.numbering,
    submission: deps.submission,
    readSetup,
    tax: deps.tax,
  });
  return { readSetup, createDocument, createNote, createDespatchAdvice };
}

export type IssuingUseCases = ReturnType<typeof issuingUseCases>;
