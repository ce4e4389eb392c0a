import { newId } from "@einvoice/platform";
import type { Store } from "@einvoice/store";
import { findDistrict, rucProblem, ubigeoProblem } from "@einvoice/tax-engine";
import { type CompanyRecord, CompanyRepository } from "../adapters/company-repository.js";

export interface CreateCompanyCommand {
  ruc: string;
  legal_name: string;
  trade_name?: string;
  address: { line: string; ubigeo?: string; district?: string; province?: string; department?: string };
}

export class InvalidCompanyError extends Error {
  override readonly name = "InvalidCompanyError";
}

/** Registers an issuing company (admin CLI and `npm start`'s first boot). */
export class CreateCompany {
  constructor(private readonly store: Store) {}

  async execute(command: CreateCompanyCommand): Promise<CompanyRecord> {
    // A RUC that cannot exist would have every document rejected (ERR 1083 family): prefix and check digit.
    const ruc = rucProblem(command.ruc);
    if (ruc !== undefined) throw new InvalidCompanyError(`ruc: ${ruc}`);
    if (!command.legal_name.trim()) throw new InvalidCompanyError("legal name is required");
    if (!command.address.line.trim()) throw new InvalidCompanyError("address is required");
    // The registered address's district prints on every document (cac:RegistrationAddress): one of INEI's list.
    const ubigeo = command.address.ubigeo ? ubigeoProblem(command.address.ubigeo) : undefined;
    if (ubigeo !== undefined) throw new InvalidCompanyError(`address.ubigeo ${ubigeo}`);
    const names = command.address.ubigeo ? findDistrict(command.address.ubigeo) : undefined;
    const record: CompanyRecord = {
      _id: newId("cmp"),
      ruc: command.ruc,
      legal_name: command.legal_name.trim(),
      trade_name: command.trade_name?.trim() || null,
      address: {
        line: command.address.line.trim(),
        ubigeo: command.address.ubigeo ?? null,
        district: command.address.district ?? names?.district ?? null,
        province: command.address.province ?? names?.province ?? null,
        department: command.address.department ?? names?.department ?? null,
        establishment_code: "0000",
        country_code: "PE",
      },
      created_at: new Date().toISOString(),
    };
    await new CompanyRepository(this.store).insert(record);
    return record;
  }
}
