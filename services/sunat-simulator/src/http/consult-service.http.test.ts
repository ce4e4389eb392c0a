import { buildConsultGetStatusEnvelope, buildGetStatusCdrEnvelope, readCdrZip } from "@einvoice/sunat";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT_ISSUER_RUC, builtInvoice } from "../../test-support/signing.js";
import {
  BILL_PATH,
  CONSULT_PATH,
  documentView,
  getStatusCdr,
  postSoap,
  sendBill,
  solUser,
  startTestSimulator,
  type TestSimulator,
} from "../../test-support/test-simulator.js";

const RUC = BUILT_ISSUER_RUC;
let t: TestSimulator;

beforeAll(async () => {
  t = await startTestSimulator();
  await sendBill(t, `${RUC}-01-F001-1`, builtInvoice(1));
  await sendBill(t, `${RUC}-01-F001-2`, builtInvoice(2), { headers: { "x-sim-knobs": "force_code=3277" } });
});
afterAll(() => t.close());

const validity = (series: string, number: number, type = "01") =>
  postSoap(
    t.url + CONSULT_PATH,
    buildConsultGetStatusEnvelope({ ...solUser(RUC), ruc: RUC, type, series, number }),
  );

describe("billConsultService.getStatusCdr", () => {
  it("0004 with the stored CDR for an accepted factura (number given with zeros)", async () => {
    const result = await getStatusCdr(t, { ruc: RUC, type: "01", series: "F001", number: "0001" });
    expect(result.response).toMatchObject({
      kind: "statusCdr",
      statusCode: "0004",
      statusMessage: "La constancia existe",
    });
    if (result.response.kind !== "statusCdr" || !result.response.content) throw new Error(result.text);
    expect(readCdrZip(result.response.content).cdr).toMatchObject({
      responseCode: "0",
      referenceId: "F001-1",
    });
  });

  it("0004 with the rejection CDR for a rejected one", async () => {
    const result = await getStatusCdr(t, { ruc: RUC, type: "01", series: "F001", number: 2 });
    if (result.response.kind !== "statusCdr" || !result.response.content) throw new Error(result.text);
    expect(readCdrZip(result.response.content).cdr.responseCode).toBe("3277");
  });

  it("0127 without content for an unknown factura, still counted", async () => {
    const result = await getStatusCdr(t, { ruc: RUC, type: "01", series: "F001", number: 77 });
    expect(result.response).toEqual({
      kind: "statusCdr",
      statusCode: "0127",
      statusMessage: "El ticket no existe",
    });
    expect((await documentView(t, `${RUC}-01-F001-77`)).body).toMatchObject({
      registered: false,
      status_cdr_calls: 1,
      outcome: null,
      response_code: null,
    });
  });

  it("only facturas and their notes: 0009 for a boleta, 0010 for a note of a boleta", async () => {
    expect(
      (await getStatusCdr(t, { ruc: RUC, type: "03", series: "B001", number: 1 })).response,
    ).toMatchObject({
      statusCode: "0009",
    });
    expect(
      (await getStatusCdr(t, { ruc: RUC, type: "07", series: "BC01", number: 1 })).response,
    ).toMatchObject({
      statusCode: "0010",
    });
  });

  it("is not served by billService", async () => {
    const envelope = buildGetStatusCdrEnvelope({
      ...solUser(RUC),
      ruc: RUC,
      type: "01",
      series: "F001",
      number: 1,
    });
    const result = await postSoap(t.url + BILL_PATH, envelope);
    expect(result.status).toBe(500);
    expect(result.response).toMatchObject({
      kind: "fault",
      faultString: expect.stringMatching(/billConsultService/),
    });
  });
});

describe("billConsultService.getStatus (validity)", () => {
  it.each([
    ["F001", 1, "0001"],
    ["F001", 2, "0002"],
    ["F001", 78, "0011"],
  ])("%s-%i → %s", async (series, number, code) => {
    expect((await validity(series, number)).response).toMatchObject({ kind: "status", statusCode: code });
  });
});
