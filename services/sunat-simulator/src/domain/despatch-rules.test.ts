import type { DespatchAdvice, Issuer } from "@einvoice/domain";
import { buildDespatchAdviceXml } from "@einvoice/ubl";
import { describe, expect, it } from "vitest";
import { despatchRules } from "./despatch-rules.js";

const issuer: Issuer = {
  ruc: "20000000001",
  legal_name: "EMPRESA SAC",
  address: { line: "AV. LIMA 1", establishment_code: "0000", country_code: "PE" },
};
const self = { document_type: "6", document_number: issuer.ruc, name: issuer.legal_name };
const guide: DespatchAdvice = {
  type: "09",
  series: "T001",
  issue_date: "2026-11-25",
  sender: self,
  recipient: { document_type: "6", document_number: "20100070970", name: "CLIENTE SAC" },
  reason_code: "01",
  transport_mode: "02",
  start_date: "2026-11-25",
  gross_weight: "10",
  weight_unit: "KGM",
  origin: { ubigeo: "150101", address: "AV. LIMA 1" },
  destination: { ubigeo: "040101", address: "CALLE 2" },
  vehicles: [{ role: "main", plate: "ABC123" }],
  drivers: [
    {
      role: "main",
      document_type: "1",
      document_number: "45678901",
      first_name: "JUAN",
      last_name: "PEREZ",
      license: "Q45678901",
    },
  ],
  related_documents: [],
  items: [{ description: "Cajas", quantity: "3", unit_code: "NIU" }],
};
/** A carrier guide with everything SUNAT looks for, so that it draws no observation. */
const carrierGuide: DespatchAdvice = {
  ...guide,
  type: "31",
  series: "V001",
  reason_code: undefined,
  transport_mode: undefined,
  vehicles: [{ role: "main", plate: "XYZ789", certificate: "15M21028250E" }],
  freight_payer: "sender",
};
const xml = (advice: DespatchAdvice) =>
  buildDespatchAdviceXml({ issuer, advice, number: 1, issueTime: "10:00:00" });
const codes = (text: string) => despatchRules(text).map((i) => i.code);

describe("despatchRules", () => {
  it("passes a guide our builder makes from a checked advice", () => {
    expect(codes(xml(guide))).toEqual([]);
    expect(codes(xml(carrierGuide))).toEqual([]);
  });

  it("observes a contracted carrier without its MTC number (4391) and a carrier guide without TUC or payer", () => {
    const contracted: DespatchAdvice = {
      ...guide,
      transport_mode: "01",
      handover_date: "2026-11-25",
      vehicles: [],
      drivers: [],
      carrier: { ruc: "20600000005", name: "TRANSPORTES SAC", mtc_registration: "1234567CNG" },
    };
    expect(codes(xml(contracted))).toEqual([]);
    expect(codes(xml({ ...contracted, carrier: { ruc: "20600000005", name: "TRANSPORTES SAC" } }))).toEqual([
      "4391",
    ]);
    const bare = {
      ...carrierGuide,
      freight_payer: undefined,
      vehicles: [{ role: "main" as const, plate: "XYZ789" }],
    };
    expect(codes(xml(bare))).toEqual(["4399", "4388"]);
  });

  it("refuses the 2026 guide without the handover element (3617), but not one issued before 2026-06-01", () => {
    const without = xml(guide).replace(/<cac:LoadingTransportEvent>.*?<\/cac:LoadingTransportEvent>/, "");
    expect(codes(without)).toEqual(["3617"]);
    const older = without.replaceAll("2026-11-25", "2026-05-30");
    expect(codes(older)).toEqual([]);
  });

  it("checks roles by reason, dates, vehicles and drivers", () => {
    expect(codes(xml({ ...guide, recipient: self }))).toEqual(["2757"]);
    expect(codes(xml({ ...guide, reason_code: "04" }))).toEqual(["2757"]);
    expect(codes(xml({ ...guide, start_date: "2026-11-24" }))).toEqual(["3406"]);
    expect(codes(xml({ ...guide, vehicles: [] }))).toEqual(["2566"]);
    expect(codes(xml({ ...guide, vehicles: [{ role: "main", plate: "AB-123" }] }))).toEqual(["2566"]);
    expect(codes(xml({ ...guide, drivers: [] }))).toEqual(["2570"]);
    expect(
      codes(xml({ ...guide, transport_mode: "01", handover_date: "2026-11-25", vehicles: [], drivers: [] })),
    ).toEqual(["2558"]);
    expect(codes(xml({ ...guide, reason_code: "13" }))).toEqual([]);
    expect(
      codes(
        xml(guide)
          .replace("<cbc:HandlingInstructions>Venta</cbc:HandlingInstructions>", "")
          .replace(">01</cbc:HandlingCode>", ">13</cbc:HandlingCode>"),
      ),
    ).toEqual(["3457"]);
  });
});
