import { openStore, type Store } from "@einvoice/store";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { companiesCollection } from "../adapters/company-repository.js";
import { CreateCompany, InvalidCompanyError } from "./create-company.js";

describe("CreateCompany checks the company's own RUC and district", () => {
  let store: Store;
  beforeEach(async () => {
    store = await openStore({ engine: "sqlite", file: ":memory:" });
    await store.ensure([companiesCollection]);
  });
  afterEach(async () => {
    await store.close();
  });
  const command = (ruc: string, ubigeo?: string) => ({
    ruc,
    legal_name: "ACME S.A.C.",
    address: { line: "AV. LIMA 123", ...(ubigeo ? { ubigeo } : {}) },
  });

  it("refuses a RUC whose check digit is wrong, naming the field", async () => {
    await expect(new CreateCompany(store).execute(command("20123456789"))).rejects.toThrow(
      new InvalidCompanyError(
        "ruc: 20123456789 cannot exist: its last digit is SUNAT's check digit, which for these ten digits is 6 (a typo?)",
      ),
    );
  });

  it("refuses a ubigeo of no district, naming the code", async () => {
    await expect(new CreateCompany(store).execute(command("20123456786", "150199"))).rejects.toThrow(
      "address.ubigeo 150199 is not a district in INEI's list of ubigeos",
    );
  });

  it("fills the district, province and department names from the ubigeo", async () => {
    const company = await new CreateCompany(store).execute(command("20123456786", "130112"));
    expect(company.address).toMatchObject({
      ubigeo: "130112",
      district: "ALTO TRUJILLO",
      province: "TRUJILLO",
      department: "LA LIBERTAD",
    });
  });
});
