import { join } from "node:path";
import { readCdrZip } from "@einvoice/sunat";
import { requireBinaries, validateAgainstXsd, xmlsecVerify } from "@einvoice/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootTestSystem, CONFORMANCE_DIR, type TestSystem } from "./harness.js";
import { arrangeScenario, eventually, finalDocument, simulatorView } from "./support/simulator-control.js";
import { certificateFromXml, type TempDir, tempDir } from "./support/xml-tools.js";

/** Despatch advices (issue 13) through the public API to SUNAT's verdict over the simulated GRE REST API. */

const RUC = "20000000001";
const XSD = join(CONFORMANCE_DIR, "xsd/ubl-2.1/maindoc/UBL-DespatchAdvice-2.1.xsd");
const todayLima = () => new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10);

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
const recipient = { document_type: "6", document_number: "20100070970", name: "CLIENTE EJEMPLO SAC" };
const self = { document_type: "6", document_number: RUC, name: "EMPRESA DE PRUEBA SAC" };
const base = () => ({
  recipient,
  gross_weight: "120.5",
  origin: point("150101"),
  destination: point("040101"),
  items: [{ description: "Cajas de tornillos", quantity: "10" }],
});
const ownVehicle = (series: string, extra: Record<string, unknown> = {}) => ({
  ...base(),
  series,
  reason_code: "01",
  transport_mode: "02",
  start_date: todayLima(),
  vehicles: [{ plate: "ABC123" }, { plate: "DEF4567" }],
  drivers: [driver(1), driver(2)],
  ...extra,
});
const contracted = (series: string, extra: Record<string, unknown> = {}) => ({
  ...base(),
  series,
  reason_code: "01",
  transport_mode: "01",
  handover_date: todayLima(),
  carrier: { ruc: "20600000005", name: "TRANSPORTES RAPIDOS SAC", mtc_registration: "1234567CNG" },
  ...extra,
});
const carrierGuide = (series: string, extra: Record<string, unknown> = {}) => ({
  ...base(),
  series,
  sender: { document_type: "6", document_number: "20500000008", name: "REMITENTE SAC" },
  start_date: todayLima(),
  vehicles: [{ plate: "XYZ789", certificate: "15M21028250E" }],
  drivers: [driver(1)],
  freight_payer: "sender",
  ...extra,
});

describe("despatch advices over the GRE REST API", () => {
  let sys: TestSystem;
  let dir: TempDir;

  beforeAll(async () => {
    requireBinaries("xmllint", "xmlsec1");
    dir = tempDir();
    sys = await bootTestSystem({
      serviceEnv: {
        submission: {
          SUBMISSION_POLL_MS: "200",
          SUBMISSION_RETRY_DELAYS_MS: "300,600,1000",
          SUNAT_TIMEOUT_MS: "3000",
          GRE_TICKET_POLL_FIRST_MS: "200",
          GRE_TICKET_POLL_MAX_MS: "800",
        },
      },
    });
  });
  afterAll(async () => {
    await sys?.stop();
    dir?.remove();
  });

  const create = (body: unknown, wait = 20, key?: string) =>
    sys.request("/v1/despatch_advices", {
      body,
      headers: { prefer: `wait=${wait}` },
      ...(key ? { key } : {}),
    });

  /** The signed XML: XSD-valid and verified by xmlsec1 with the certificate it carries. */
  async function checkXml(document: {
    id: string;
    type: string;
    series: string;
    number: number;
    links: { xml: string };
  }) {
    const res = await fetch(document.links.xml);
    expect(res.status).toBe(200);
    const xml = await res.text();
    const file = dir.write(`${RUC}-${document.type}-${document.series}-${document.number}.xml`, xml);
    const xsd = validateAgainstXsd(XSD, [file]);
    expect(xsd.output).toContain(`${file} validates`);
    const verdict = xmlsecVerify(
      file,
      dir.write(`signer-${document.number}.pem`, certificateFromXml(xml).pem),
    );
    expect(verdict.ok, verdict.output).toBe(true);
    return xml;
  }

  it.each([
    ["sender guide, own vehicle", () => ownVehicle("T101"), "09", "T101"],
    ["sender guide, contracted carrier", () => contracted("T102"), "09", "T102"],
    ["carrier guide", () => carrierGuide("V101"), "31", "V101"],
  ])(
    "%s: pending with a ticket, then accepted with SUNAT's QR in the CDR",
    async (_name, body, type, series) => {
      const created = await create(body());
      expect(created.status).toBe(202);
      expect(created.body).toMatchObject({
        type,
        series,
        number: 1,
        status: "pending",
        sunat: null,
        currency: null,
        total: null,
        amounts: null,
        despatch: { type, series },
      });
      const doc = await finalDocument(sys, created.body.id);
      expect(doc).toMatchObject({ status: "accepted", sunat: { code: "0", simulated: true } });
      const xml = await checkXml(doc);
      expect(xml).toContain("<cac:LoadingTransportEvent><cbc:OccurrenceDate>");
      const cdr = await fetch(doc.links.cdr);
      const { cdr: parsed } = readCdrZip(Buffer.from(await cdr.arrayBuffer()));
      expect(parsed.documentDescription).toMatch(
        /^https:\/\/e-factura\.sunat\.gob\.pe\/v1\/contribuyente\/gre\/comprobantes\/descargaqr\?hashqr=/,
      );
      const events = await eventually(
        () => sys.request(`/v1/events?document_id=${doc.id}`),
        (r) => r.body.data?.length > 0,
        10_000,
      );
      expect(events.body.data.map((e: { type: string }) => e.type)).toEqual(["document.accepted"]);
    },
  );

  it.each([
    [
      "02 with supplier",
      { reason_code: "02", supplier: { document_number: "20444444445", name: "PROVEEDOR SAC" } },
    ],
    [
      "03 with buyer",
      { reason_code: "03", buyer: { document_number: "20555555556", name: "COMPRADOR SAC" } },
    ],
    [
      "04 between own establishments",
      {
        reason_code: "04",
        recipient: self,
        origin: point("150101", { establishment_code: "0000" }),
        destination: point("150131", { establishment_code: "0001" }),
      },
    ],
    ["05 consignment", { reason_code: "05" }],
    ["06 return", { reason_code: "06" }],
    [
      "07 with supplier",
      { reason_code: "07", supplier: { document_number: "20444444445", name: "PROVEEDOR SAC" } },
    ],
    ["13 with description", { reason_code: "13", reason_description: "Traslado de muestras" }],
    ["14", { reason_code: "14" }],
    ["17", { reason_code: "17" }],
    ["18", { reason_code: "18" }],
  ])("reason %s reaches a verdict", async (_name, extra) => {
    const created = await create(ownVehicle("T110", extra), 0);
    expect(created.status).toBe(202);
    const doc = await finalDocument(sys, created.body.id);
    expect(doc.status).toBe("accepted");
  });

  /** The next number of a series: issues one valid guide and reads its number. */
  const nextNumber = async (series: string) =>
    (await create(series.startsWith("V") ? carrierGuide(series) : ownVehicle(series), 0)).body
      .number as number;

  it.each([
    ["origin.ubigeo", ownVehicle("T120", { origin: point("999999") })],
    ["drivers.1.license", ownVehicle("T120", { drivers: [driver(1), { ...driver(2), license: "X-1" }] })],
    ["vehicles.0.plate", ownVehicle("T120", { vehicles: [{ plate: "ABC-123" }] })],
    ["recipient.document_number", ownVehicle("T120", { recipient: self })],
    ["start_date", ownVehicle("T120", { start_date: "2020-01-01" })],
    ["reason_code", ownVehicle("T120", { reason_code: "08" })],
    ["reason_description", ownVehicle("T120", { reason_code: "13" })],
    ["buyer", ownVehicle("T120", { reason_code: "03" })],
    ["supplier", ownVehicle("T120", { supplier: self })],
    ["carrier", contracted("T120", { carrier: undefined })],
    ["vehicles", contracted("T120", { vehicles: [{ plate: "ABC123" }] })],
    ["type", ownVehicle("T120", { type: "31" })],
    [
      "destination.establishment_code",
      ownVehicle("T120", {
        reason_code: "04",
        recipient: self,
        origin: point("150101", { establishment_code: "0000" }),
      }),
    ],
    ["weight_unit", ownVehicle("T120", { weight_unit: "LBR" })],
    ["transport_mode", carrierGuide("V120", { transport_mode: "02" })],
    ["sender", carrierGuide("V120", { sender: undefined })],
  ])("422 naming %s, with the series counter unchanged", async (param, body) => {
    const series = (body as { series: string }).series;
    const before = await nextNumber(series);
    const refused = await create(body, 0);
    expect(refused.status).toBe(422);
    expect(refused.body.error.errors.map((e: { param: string }) => e.param)).toContain(param);
    expect(await nextNumber(series)).toBe(before + 1);
  });

  it("Prefer: wait returns once the ticket exists, while SUNAT still answers 98", async () => {
    await arrangeScenario(sys, { series: "T130" }, { ticket_pending_polls: 4 }, 1);
    const started = Date.now();
    const created = await create(ownVehicle("T130"), 20);
    const waited = Date.now() - started;
    expect(created.status).toBe(202);
    // The ticket exists within a second or two; the verdict comes after four more polls.
    expect(waited).toBeLessThan(8_000);
    expect(created.body).toMatchObject({ status: "pending", sunat: null });
    const doc = await finalDocument(sys, created.body.id);
    expect(doc.status).toBe("accepted");
  });

  it("SUNAT's rejection code is the verdict", async () => {
    await arrangeScenario(sys, { series: "T140" }, { force_code: "2566" }, 1);
    const doc = await finalDocument(sys, (await create(ownVehicle("T140"), 0)).body.id);
    expect(doc).toMatchObject({ status: "rejected", sunat: { code: "2566" } });
  });

  it("a lost send reply is recovered without a second registration", async () => {
    await arrangeScenario(sys, { series: "T150" }, { lost_reply_rate: 1 }, 1);
    const doc = await finalDocument(sys, (await create(ownVehicle("T150"), 0)).body.id, 40_000);
    expect(["accepted"]).toContain(doc.status);
    const view = await simulatorView(sys, `${RUC}-09-T150-1`);
    expect(view).toMatchObject({ registered: true });
  });

  it("live mode: 409 company_not_configured naming what is missing, then GRE credentials are stored and never echoed", async () => {
    const refused = await create(ownVehicle("T160"), 0, sys.liveKey);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("company_not_configured");
    expect(refused.body.error.message).toContain("PUT /v1/company/gre_credentials");
    const put = await sys.request("/v1/company/gre_credentials", {
      method: "PUT",
      key: sys.liveKey,
      body: { client_id: "7d3f7c6e-1b2a-4c5d-9e8f-0a1b2c3d4e5f", client_secret: "s3cr3t" },
    });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({
      object: "gre_credentials",
      livemode: true,
      client_id: "7d3f7c6e-1b2a-4c5d-9e8f-0a1b2c3d4e5f",
    });
    const company = await sys.request("/v1/company", { key: sys.liveKey });
    expect(company.body.gre_client_id).toBe("7d3f7c6e-1b2a-4c5d-9e8f-0a1b2c3d4e5f");
    expect(JSON.stringify(company.body)).not.toContain("s3cr3t");
    const still = await create(ownVehicle("T160"), 0, sys.liveKey);
    expect(still.status).toBe(409);
    expect(still.body.error.message).not.toContain("PUT /v1/company/gre_credentials");
  });

  it("a guide cannot be voided through the API", async () => {
    const created = await create(ownVehicle("T170"), 0);
    const doc = await finalDocument(sys, created.body.id);
    const res = await sys.request(`/v1/documents/${doc.id}/void`, {
      body: { reason: "Cambio de destinatario" },
    });
    expect(res.status).toBe(409);
    // SUNAT takes a guide's void only in its online portal (SOL), before transport starts or when the recipient changes.
    expect(res.body.error.message).toMatch(/SUNAT Operaciones en Línea/);
  });

  it("lists guides by type", async () => {
    const res = await sys.request("/v1/documents?type=31");
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(res.body.data.every((d: { type: string }) => d.type === "31")).toBe(true);
  });
});
