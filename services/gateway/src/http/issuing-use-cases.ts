import type { Scope } from "@einvoice/domain";
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
  const repository = new CompanySettingsRepository(deps.store);
  // Read at each create, never cached: a regime or logo changed on any replica applies to the next document.
  const settings = (scope: Scope) => repository.issuing(scope);
  const createDocument = new CreateDocument({
    settings,
    numbering: deps.numbering,
    issues: deps.issues,
    readSetup,
    computes: deps.computes,
    waiter: deps.waiter,
  });
  const createNote = new CreateNote({ numbering: deps.numbering, createDocument, tax: deps.taxEncoded });
  const createDespatchAdvice = new CreateDespatchAdvice({
    logoKey: async (scope: Scope) => (await settings(scope)).logoKey,
    numbering: deps.numbering,
    submission: deps.submission,
    readSetup,
    tax: deps.tax,
  });
  return { readSetup, createDocument, createNote, createDespatchAdvice };
}

export type IssuingUseCases = ReturnType<typeof issuingUseCases>;
