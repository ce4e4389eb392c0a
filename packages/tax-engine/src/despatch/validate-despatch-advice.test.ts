import type { DespatchContext } from "@einvoice/domain";
import { describe, expect, it } from "vitest";
import { validateDespatchAdvice } from "./validate-despatch-advice.js";

const ctx: DespatchContext = {
  issuer: { ruc: "20000000001", legal_name: "EMPRESA DE PRUEBA SAC" },
  today: "2026-11-25",
};

const point = (ubigeo: string, extra: Record<string, unknown> = {}) => ({
  ubigeo,
  address: "AV. LOS OLIVOS 123",
  ...extra,
});
const driver = (n: number) => ({
  document_type: "1",
  document_number: `4567890${n}`,
  first_name: "JUAN",
  last_name: "PEREZ",
  license: `Q4567890${n}`,
});
const base = {
  recipient: { document_type: "6", document_number: "20100070970", name: "CLIENTE EJEMPLO SAC" },
  gross_weight: "120.5",
  origin: point("150101"),
  destination: point("040101"),
  items: [{ description: "Cajas de tornillos", quantity: "10" }],
};
/** Sender guide, own vehicle (spec rule 3). */
const ownVehicle = {
  ...base,
  series: "T001",
  reason_code: "01",
  transport_mode: "02",
  start_date: "2026-11-25",
  vehicles: [{ plate: "ABC123" }],
  drivers: [driver(1)],
};
/** Sender guide, contracted carrier (spec rule 4). */
const contracted = {
  ...base,
  series: "T001",
  reason_code: "01",
  transport_mode: "01",
  handover_date: "2026-11-26",
  carrier: { ruc: "20600000005", name: "TRANSPORTES RAPIDOS SAC" },
};
/** Carrier guide (spec rule 5). */
const carrierGuide = {
  ...base,
  series: "V001",
  sender: { document_type: "6", document_number: "20500000008", name: "REMITENTE SAC" },
  start_date: "2026-11-25",
  vehicles: [{ plate: "XYZ789" }],
  drivers: [driver(1)],
};

const check = (body: unknown) => validateDespatchAdvice(body, ctx);
function params(body: unknown): string[] {
  const result = check(body);
  return result.ok ? [] : result.errors.map((e) => e.param);
}

describe("validateDespatchAdvice: valid guides", () => {
  it("a sender guide with own vehicle gets type 09, the issuer as sender and roles", () => {
    const result = check({
      ...ownVehicle,
      drivers: [driver(1), driver(2)],
      vehicles: [{ plate: "abc123" }, { plate: "DEF4567" }],
    });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.advice).toMatchObject({
      type: "09",
      issue_date: "2026-11-25",
      sender: { document_type: "6", document_number: "20000000001", name: "EMPRESA DE PRUEBA SAC" },
      weight_unit: "KGM",
      gross_weight: "120.5",
      vehicles: [
        { role: "main", plate: "ABC123" },
        { role: "secondary", plate: "DEF4567" },
      ],
      drivers: [{ role: "main" }, { role: "secondary" }],
      items: [{ description: "Cajas de tornillos", quantity: "10", unit_code: "NIU" }],
    });
  });

  it("a contracted-carrier guide keeps carrier and handover date, no vehicles", () => {
    const result = check(contracted);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.advice).toMatchObject({
      transport_mode: "01",
      handover_date: "2026-11-26",
      vehicles: [],
      drivers: [],
    });
  });

  it("keeps the optional MTC registration, vehicle certificates and freight payer (OBS 4391, 4399, 4388)", () => {
    const sender = check({
      ...contracted,
      carrier: { ...contracted.carrier, mtc_registration: "1234567cng" },
    });
    if (!sender.ok) throw new Error(JSON.stringify(sender.errors));
    expect(sender.advice.carrier).toEqual({
      ruc: "20600000005",
      name: "TRANSPORTES RAPIDOS SAC",
      mtc_registration: "1234567CNG",
    });
    const carrier = check({
      ...carrierGuide,
      vehicles: [{ plate: "XYZ789", certificate: "15M21028250E" }, { plate: "TRL4567" }],
      freight_payer: "subcontractor",
    });
    if (!carrier.ok) throw new Error(JSON.stringify(carrier.errors));
    expect(carrier.advice.vehicles).toEqual([
      { role: "main", plate: "XYZ789", certificate: "15M21028250E" },
      { role: "secondary", plate: "TRL4567" },
    ]);
    expect(carrier.advice.freight_payer).toBe("subcontractor");
  });

  it("a carrier guide gets type 31 and no reason or mode", () => {
    const result = check({ ...carrierGuide, type: "31", weight_unit: "TNE", packages: 4 });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.advice.type).toBe("31");
    expect(result.advice.sender.document_number).toBe("20500000008");
    expect(result.advice).toMatchObject({ weight_unit: "TNE", packages: 4 });
    expect(result.advice.reason_code).toBeUndefined();
  });

  it("derives establishment_ruc (rule 9): reason 04 both ends are the issuer's", () => {
    const result = check({
      ...ownVehicle,
      reason_code: "04",
      recipient: { document_type: "6", document_number: "20000000001", name: "EMPRESA DE PRUEBA SAC" },
      origin: point("150101", { establishment_code: "0000" }),
      destination: point("150102", { establishment_code: "0001" }),
    });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.advice.origin.establishment_ruc).toBe("20000000001");
    expect(result.advice.destination.establishment_ruc).toBe("20000000001");
  });

  it("derives establishment_ruc of the destination from the recipient", () => {
    const result = check({ ...ownVehicle, destination: point("040101", { establishment_code: "0003" }) });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.advice.destination.establishment_ruc).toBe("20100070970");
    expect(result.advice.origin.establishment_ruc).toBeUndefined();
  });

  it("derives the related document's type, issuer RUC and description (rules 9, 10)", () => {
    const result = check({
      ...ownVehicle,
      related_documents: [{ number: "F001-123" }, { number: "B002-9", type: "03" }],
    });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.advice.related_documents).toEqual([
      { type: "01", number: "F001-123", issuer_ruc: "20000000001", description: "Factura" },
      { type: "03", number: "B002-9", issuer_ruc: "20000000001", description: "Boleta de Venta" },
    ]);
  });

  it("a purchase (02) cites the supplier's invoice", () => {
    const supplier = { document_type: "6", document_number: "20444444445", name: "PROVEEDOR SAC" };
    const result = check({
      ...ownVehicle,
      reason_code: "02",
      supplier,
      related_documents: [{ number: "F005-7" }],
    });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.advice.related_documents[0]?.issuer_ruc).toBe("20444444445");
  });

  it.each([
    ["01", {}],
    ["02", { supplier: { document_number: "20444444445", name: "PROVEEDOR SAC" } }],
    ["03", { buyer: { document_number: "20555555556", name: "COMPRADOR SAC" } }],
    ["05", {}],
    ["06", {}],
    ["07", { supplier: { document_number: "20444444445", name: "PROVEEDOR SAC" } }],
    ["13", { reason_description: "Traslado de muestras" }],
    [
      "13",
      {
        reason_description: "Otros",
        supplier: { document_number: "20444444445", name: "P SAC" },
        buyer: { document_number: "12345678", name: "ANA" },
      },
    ],
    ["14", {}],
    ["17", {}],
    ["18", {}],
  ])("reason %s with its roles passes", (reason, extra) => {
    const result = check({ ...ownVehicle, reason_code: reason, ...extra });
    expect(result.ok ? [] : result.errors).toEqual([]);
  });
});

const without = (body: Record<string, unknown>, ...keys: string[]) =>
  Object.fromEntries(Object.entries(body).filter(([k]) => !keys.includes(k)));
const same = { document_type: "6", document_number: "20000000001", name: "EMPRESA DE PRUEBA SAC" };

/** One row per rule: the body and the dotted field the 422 must name. */
const rows: Array<[string, unknown, string]> = [
  ["series missing", without(ownVehicle, "series"), "series"],
  ["series of an invoice", { ...ownVehicle, series: "F001" }, "series"],
  ["type disagrees with series (rule 1)", { ...ownVehicle, type: "31" }, "type"],
  ["unknown type", { ...ownVehicle, type: "01" }, "type"],
  [
    "issue date in the future",
    { ...ownVehicle, issue_date: "2026-11-26", start_date: "2026-11-26" },
    "issue_date",
  ],
  [
    "issue date older than yesterday (rule 7 window)",
    { ...ownVehicle, issue_date: "2026-11-23" },
    "issue_date",
  ],
  ["issue date not a date", { ...ownVehicle, issue_date: "2026-02-30" }, "issue_date"],
  ["recipient missing", without(ownVehicle, "recipient"), "recipient"],
  [
    "recipient document_type missing",
    { ...ownVehicle, recipient: { document_number: "20100070970", name: "CLIENTE SAC" } },
    "recipient.document_type",
  ],
  [
    "recipient RUC of 10 digits",
    { ...ownVehicle, recipient: { document_type: "6", document_number: "2010007097", name: "CLIENTE SAC" } },
    "recipient.document_number",
  ],
  [
    "recipient RUC with a wrong check digit (SUNAT 1083)",
    { ...ownVehicle, recipient: { document_type: "6", document_number: "20100070971", name: "CLIENTE SAC" } },
    "recipient.document_number",
  ],
  [
    "recipient RUC with a prefix no taxpayer has",
    { ...ownVehicle, recipient: { document_type: "6", document_number: "30100070970", name: "CLIENTE SAC" } },
    "recipient.document_number",
  ],
  [
    "carrier RUC with a wrong check digit",
    { ...contracted, carrier: { ruc: "20600000001", name: "TRANSPORTES SAC" } },
    "carrier.ruc",
  ],
  [
    "supplier RUC with a wrong check digit",
    {
      ...ownVehicle,
      reason_code: "02",
      supplier: { document_type: "6", document_number: "20444444441", name: "PROVEEDOR SAC" },
    },
    "supplier.document_number",
  ],
  [
    "buyer RUC with a wrong check digit",
    {
      ...ownVehicle,
      reason_code: "03",
      buyer: { document_type: "6", document_number: "20555555551", name: "COMPRADOR SAC" },
    },
    "buyer.document_number",
  ],
  [
    "driver DNI of 7 digits (ERR 2801 shape)",
    { ...ownVehicle, drivers: [{ ...driver(1), document_type: "1", document_number: "4567890" }] },
    "drivers.0.document_number",
  ],
  [
    "MTC registration with a hyphen",
    { ...contracted, carrier: { ...contracted.carrier, mtc_registration: "1234-CNG" } },
    "carrier.mtc_registration",
  ],
  [
    "vehicle certificate with spaces",
    { ...carrierGuide, vehicles: [{ plate: "XYZ789", certificate: "15M 2102" }] },
    "vehicles.0.certificate",
  ],
  ["freight payer unknown", { ...carrierGuide, freight_payer: "recipient" }, "freight_payer"],
  ["freight payer on a sender guide", { ...ownVehicle, freight_payer: "sender" }, "freight_payer"],
  [
    "recipient name missing",
    { ...ownVehicle, recipient: { document_type: "6", document_number: "20100070970" } },
    "recipient.name",
  ],
  ["sender on a sender guide", { ...ownVehicle, sender: same }, "sender"],
  ["reason missing", without(ownVehicle, "reason_code"), "reason_code"],
  ["reason 08 refused", { ...ownVehicle, reason_code: "08" }, "reason_code"],
  ["reason 09 refused", { ...ownVehicle, reason_code: "09" }, "reason_code"],
  ["reason 19 refused", { ...ownVehicle, reason_code: "19" }, "reason_code"],
  ["unknown reason", { ...ownVehicle, reason_code: "99" }, "reason_code"],
  ["reason 13 without description", { ...ownVehicle, reason_code: "13" }, "reason_description"],
  ["description with another reason", { ...ownVehicle, reason_description: "x" }, "reason_description"],
  [
    "reason 01 recipient is the sender (rule 8)",
    { ...ownVehicle, recipient: same },
    "recipient.document_number",
  ],
  [
    "reason 05 recipient is the sender",
    { ...ownVehicle, reason_code: "05", recipient: same },
    "recipient.document_number",
  ],
  [
    "reason 06 recipient is the sender",
    { ...ownVehicle, reason_code: "06", recipient: same },
    "recipient.document_number",
  ],
  [
    "reason 04 recipient is someone else",
    {
      ...ownVehicle,
      reason_code: "04",
      origin: point("150101", { establishment_code: "0000" }),
      destination: point("150101", { establishment_code: "0001" }),
    },
    "recipient.document_number",
  ],
  [
    "reason 04 origin without establishment",
    {
      ...ownVehicle,
      reason_code: "04",
      recipient: same,
      destination: point("150101", { establishment_code: "0001" }),
    },
    "origin.establishment_code",
  ],
  [
    "reason 04 destination without establishment",
    {
      ...ownVehicle,
      reason_code: "04",
      recipient: same,
      origin: point("150101", { establishment_code: "0000" }),
    },
    "destination.establishment_code",
  ],
  ["supplier with reason 01", { ...ownVehicle, supplier: same }, "supplier"],
  ["supplier missing with reason 02", { ...ownVehicle, reason_code: "02" }, "supplier"],
  ["supplier missing with reason 07", { ...ownVehicle, reason_code: "07" }, "supplier"],
  ["buyer with reason 01", { ...ownVehicle, buyer: same }, "buyer"],
  ["buyer missing with reason 03", { ...ownVehicle, reason_code: "03" }, "buyer"],
  ["buyer with reason 02", { ...ownVehicle, reason_code: "02", supplier: same, buyer: same }, "buyer"],
  ["transport mode missing", without(ownVehicle, "transport_mode"), "transport_mode"],
  ["transport mode 03", { ...ownVehicle, transport_mode: "03" }, "transport_mode"],
  ["own vehicle without vehicles (rule 3)", without(ownVehicle, "vehicles"), "vehicles"],
  ["own vehicle with empty vehicles", { ...ownVehicle, vehicles: [] }, "vehicles"],
  ["own vehicle without drivers", without(ownVehicle, "drivers"), "drivers"],
  ["own vehicle without start_date", without(ownVehicle, "start_date"), "start_date"],
  [
    "four vehicles",
    { ...ownVehicle, vehicles: ["AAA111", "BBB222", "CCC333", "DDD444"].map((plate) => ({ plate })) },
    "vehicles",
  ],
  ["four drivers", { ...ownVehicle, drivers: [driver(1), driver(2), driver(3), driver(4)] }, "drivers"],
  ["plate with hyphen", { ...ownVehicle, vehicles: [{ plate: "ABC-123" }] }, "vehicles.0.plate"],
  ["plate too short", { ...ownVehicle, vehicles: [{ plate: "AB12" }] }, "vehicles.0.plate"],
  ["secondary plate missing", { ...ownVehicle, vehicles: [{ plate: "ABC123" }, {}] }, "vehicles.1.plate"],
  [
    "driver licence missing",
    { ...ownVehicle, drivers: [driver(1), { ...driver(2), license: undefined }] },
    "drivers.1.license",
  ],
  [
    "driver licence malformed",
    { ...ownVehicle, drivers: [{ ...driver(1), license: "Q-1" }] },
    "drivers.0.license",
  ],
  [
    "driver document missing",
    { ...ownVehicle, drivers: [{ ...driver(1), document_number: undefined }] },
    "drivers.0.document_number",
  ],
  [
    "driver identified by RUC",
    { ...ownVehicle, drivers: [{ ...driver(1), document_type: "6", document_number: "20000000001" }] },
    "drivers.0.document_type",
  ],
  [
    "driver DNI of 7 digits",
    { ...ownVehicle, drivers: [{ ...driver(1), document_number: "1234567" }] },
    "drivers.0.document_number",
  ],
  [
    "driver first name missing",
    { ...ownVehicle, drivers: [{ ...driver(1), first_name: "" }] },
    "drivers.0.first_name",
  ],
  [
    "driver last name missing",
    { ...ownVehicle, drivers: [{ ...driver(1), last_name: undefined }] },
    "drivers.0.last_name",
  ],
  ["carrier with own vehicle", { ...ownVehicle, carrier: contracted.carrier }, "carrier"],
  ["handover date with own vehicle", { ...ownVehicle, handover_date: "2026-11-25" }, "handover_date"],
  ["start_date before the issue date (rule 7)", { ...ownVehicle, start_date: "2026-11-24" }, "start_date"],
  ["start_date not a date", { ...ownVehicle, start_date: "25/11/2026" }, "start_date"],
  ["contracted without carrier (rule 4)", without(contracted, "carrier"), "carrier"],
  [
    "contracted carrier RUC malformed",
    { ...contracted, carrier: { ruc: "123", name: "TRANSPORTES SAC" } },
    "carrier.ruc",
  ],
  ["contracted carrier name missing", { ...contracted, carrier: { ruc: "20600000005" } }, "carrier.name"],
  ["contracted without handover_date", without(contracted, "handover_date"), "handover_date"],
  ["handover before the issue date", { ...contracted, handover_date: "2026-11-24" }, "handover_date"],
  ["contracted with vehicles", { ...contracted, vehicles: [{ plate: "ABC123" }] }, "vehicles"],
  ["contracted with drivers", { ...contracted, drivers: [driver(1)] }, "drivers"],
  ["carrier guide without sender (rule 5)", without(carrierGuide, "sender"), "sender"],
  [
    "carrier guide sender RUC malformed",
    { ...carrierGuide, sender: { document_type: "6", document_number: "1", name: "REMITENTE SAC" } },
    "sender.document_number",
  ],
  ["carrier guide without recipient", without(carrierGuide, "recipient"), "recipient"],
  ["carrier guide without start_date", without(carrierGuide, "start_date"), "start_date"],
  ["carrier guide without vehicles", without(carrierGuide, "vehicles"), "vehicles"],
  ["carrier guide without drivers", without(carrierGuide, "drivers"), "drivers"],
  ["carrier guide with a reason", { ...carrierGuide, reason_code: "01" }, "reason_code"],
  ["carrier guide with a mode", { ...carrierGuide, transport_mode: "02" }, "transport_mode"],
  ["carrier guide with a carrier", { ...carrierGuide, carrier: contracted.carrier }, "carrier"],
  ["origin missing", without(ownVehicle, "origin"), "origin"],
  ["origin ubigeo of 5 digits", { ...ownVehicle, origin: point("15010") }, "origin.ubigeo"],
  ["origin ubigeo with letters", { ...ownVehicle, origin: point("15O101") }, "origin.ubigeo"],
  [
    "destination ubigeo of department 26",
    { ...ownVehicle, destination: point("260101") },
    "destination.ubigeo",
  ],
  ["destination ubigeo district 00", { ...ownVehicle, destination: point("150100") }, "destination.ubigeo"],
  [
    "destination ubigeo of the right shape but no district",
    { ...ownVehicle, destination: point("150199") },
    "destination.ubigeo",
  ],
  [
    "destination address missing",
    { ...ownVehicle, destination: { ubigeo: "150101" } },
    "destination.address",
  ],
  [
    "establishment code of 3 digits",
    { ...ownVehicle, origin: point("150101", { establishment_code: "001" }) },
    "origin.establishment_code",
  ],
  [
    "establishment_ruc requested (rule 9)",
    { ...ownVehicle, origin: point("150101", { establishment_ruc: "20000000001" }) },
    "origin.establishment_ruc",
  ],
  [
    "destination establishment of a person",
    {
      ...ownVehicle,
      recipient: { document_type: "1", document_number: "12345678", name: "ANA PEREZ" },
      destination: point("150101", { establishment_code: "0001" }),
    },
    "destination.establishment_code",
  ],
  ["gross weight missing", without(ownVehicle, "gross_weight"), "gross_weight"],
  ["gross weight negative", { ...ownVehicle, gross_weight: "-1" }, "gross_weight"],
  ["gross weight zero", { ...ownVehicle, gross_weight: "0" }, "gross_weight"],
  ["weight unit in pounds", { ...ownVehicle, weight_unit: "LBR" }, "weight_unit"],
  ["packages fractional", { ...ownVehicle, packages: 2.5 }, "packages"],
  ["packages as text", { ...ownVehicle, packages: "3" }, "packages"],
  ["items missing", without(ownVehicle, "items"), "items"],
  ["items empty", { ...ownVehicle, items: [] }, "items"],
  ["item description missing", { ...ownVehicle, items: [{ quantity: "1" }] }, "items.0.description"],
  ["item quantity zero", { ...ownVehicle, items: [{ description: "x", quantity: "0" }] }, "items.0.quantity"],
  [
    "item unit code lowercase",
    { ...ownVehicle, items: [{ description: "x", quantity: "1", unit_code: "kg" }] },
    "items.0.unit_code",
  ],
  [
    "related number malformed",
    { ...ownVehicle, related_documents: [{ number: "F001123" }] },
    "related_documents.0.number",
  ],
  [
    "related cites a guide",
    { ...ownVehicle, related_documents: [{ number: "T001-1" }] },
    "related_documents.0.number",
  ],
  [
    "related type disagrees",
    { ...ownVehicle, related_documents: [{ number: "F001-1", type: "03" }] },
    "related_documents.0.type",
  ],
  [
    "related issuer_ruc requested (rule 9)",
    { ...ownVehicle, related_documents: [{ number: "F001-1", issuer_ruc: "20000000001" }] },
    "related_documents.0.issuer_ruc",
  ],
  [
    "related description requested (rule 9)",
    { ...ownVehicle, related_documents: [{ number: "F001-1", description: "Factura" }] },
    "related_documents.0.description",
  ],
  ["note with a control character", { ...ownVehicle, note: "a\u0001b" }, "note"],
];

describe("validateDespatchAdvice: every rule names its field", () => {
  it.each(rows)("%s → %s", (_name, body, param) => {
    const result = check(body);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => e.param)).toContain(param);
    for (const error of result.errors) {
      // Plain words: no regex or validator wording in messages.
      expect(error.message).not.toMatch(/\^|\$|must match pattern|should be/);
      expect(error.message.length).toBeGreaterThan(10);
    }
  });

  it("collects every error at once", () => {
    expect(
      params({
        ...ownVehicle,
        origin: point("1"),
        destination: point("2"),
        drivers: [{ ...driver(1), license: "" }],
      }),
    ).toEqual(expect.arrayContaining(["origin.ubigeo", "destination.ubigeo", "drivers.0.license"]));
  });

  it("refuses a body that is not an object", () => {
    expect(check([1])).toEqual({ ok: false, errors: [expect.objectContaining({ param: "" })] });
  });
});
