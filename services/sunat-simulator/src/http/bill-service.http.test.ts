import { readCdrZip } from "@einvoice/sunat";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT_ISSUER_RUC, builtInvoice } from "../../test-support/signing.js";
import {
  documentView,
  getStatusCdr,
  sendBill,
  startTestSimulator,
  type TestSimulator,
} from "../../test-support/test-simulator.js";

const RUC = BUILT_ISSUER_RUC;
const stem = (n: number) => `${RUC}-01-F001-${n}`;
let t: TestSimulator;

beforeAll(async () => {
  t = await startTestSimulator();
});
afterAll(() => t.close());

describe("sendBill over HTTP", () => {
  it("accepts a signed factura with a CDR, then refuses a second send with 1033", async () => {
    const first = await sendBill(t, stem(1), builtInvoice(1));
    expect(first.status).toBe(200);
    if (first.response.kind !== "applicationResponse") throw new Error(first.text);
    const { entryName, cdr } = readCdrZip(first.response.zip);
    expect(entryName).toBe(`R-${stem(1)}.xml`);
    expect(cdr).toMatchObject({ responseCode: "0", referenceId: "F001-1", receiverId: RUC });
    expect(cdr.description).toBe("La Factura numero F001-1, ha sido aceptada");

    const again = await sendBill(t, stem(1), builtInvoice(1));
    expect(again.status).toBe(500);
    expect(again.response).toMatchObject({ kind: "fault", code: "1033" });
    expect(await documentView(t, stem(1))).toEqual({
      status: 200,
      body: {
        identity: stem(1),
        registered: true,
        registrations: 1,
        send_bill_calls: 2,
        status_cdr_calls: 0,
        outcome: "accepted",
        response_code: "0",
      },
    });
  });

  it("2335 when the factura was altered after signing: registered as rejected, its CDR kept", async () => {
    const tampered = builtInvoice(2).replace(
      /<cbc:PayableAmount currencyID="PEN">[^<]+/,
      '<cbc:PayableAmount currencyID="PEN">1.00',
    );
    const result = await sendBill(t, stem(2), tampered);
    expect(result.response).toMatchObject({ kind: "fault", code: "2335" });
    expect((await documentView(t, stem(2))).body).toMatchObject({
      outcome: "rejected",
      response_code: "2335",
    });
    const consult = await getStatusCdr(t, { ruc: RUC, type: "01", series: "F001", number: 2 });
    if (consult.response.kind !== "statusCdr" || !consult.response.content) throw new Error(consult.text);
    expect(readCdrZip(consult.response.content).cdr.responseCode).toBe("2335");
  });

  it("2085 when the factura is not signed at all", async () => {
    const unsigned = builtInvoice(3).replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, "");
    expect((await sendBill(t, stem(3), unsigned)).response).toMatchObject({ kind: "fault", code: "2085" });
  });

  it("0152 for a summary file name, 0151 for a bad name; neither is registered", async () => {
    const summary = await sendBill(t, `${RUC}-RC-20240501-1`, builtInvoice(4));
    expect(summary.response).toMatchObject({ kind: "fault", code: "0152" });
    const bad = await sendBill(t, `${RUC}-01-F001`, builtInvoice(4));
    expect(bad.response).toMatchObject({ kind: "fault", code: "0151" });
    expect((await documentView(t, stem(4))).status).toBe(404);
  });
});

describe("force_code (x-sim-knobs header)", () => {
  const forced = (n: number, code: string) =>
    sendBill(t, stem(n), builtInvoice(n), { headers: { "x-sim-knobs": `force_code=${code}` } });

  it("≥ 4000: accepted CDR carrying the code as a note", async () => {
    const result = await forced(10, "4252");
    if (result.response.kind !== "applicationResponse") throw new Error(result.text);
    const { cdr } = readCdrZip(result.response.zip);
    expect(cdr.responseCode).toBe("0");
    expect(cdr.notes.map((n) => n.code)).toEqual(["4252"]);
    expect((await documentView(t, stem(10))).body).toMatchObject({ outcome: "observed", response_code: "0" });
  });

  it("2000–3999: rejection fault, registered as rejected", async () => {
    expect((await forced(11, "3277")).response).toMatchObject({ kind: "fault", code: "3277" });
    expect((await documentView(t, stem(11))).body).toMatchObject({
      registered: true,
      outcome: "rejected",
      response_code: "3277",
    });
  });

  it("0100–1999: exception fault, not registered (a later clean send is accepted)", async () => {
    const exception = await forced(12, "0109");
    expect(exception.response).toMatchObject({ kind: "fault", code: "0109" });
    expect(exception.response.kind === "fault" && exception.response.faultCode).toBe("soap-env:Server.0109");
    expect((await documentView(t, stem(12))).body).toMatchObject({ registered: false, send_bill_calls: 1 });
    expect((await sendBill(t, stem(12), builtInvoice(12))).response.kind).toBe("applicationResponse");
  });

  it('"0": accepted even when the real verdict would reject', async () => {
    const tampered = builtInvoice(13).replace(
      /<cbc:PayableAmount currencyID="PEN">[^<]+/,
      '<cbc:PayableAmount currencyID="PEN">1.00',
    );
    const result = await sendBill(t, stem(13), tampered, { headers: { "x-sim-knobs": "force_code=0" } });
    expect(result.response.kind).toBe("applicationResponse");
  });

  it("a malformed header is a 400 naming the knob, and nothing is counted", async () => {
    const result = await sendBill(t, stem(14), builtInvoice(14), { headers: { "x-sim-knobs": "force=1" } });
    expect(result.status).toBe(400);
    expect(result.text).toMatch(/unknown knob "force"/);
    expect((await documentView(t, stem(14))).status).toBe(404);
  });
});
