import { buildConsultGetStatusEnvelope, buildGetStatusEnvelope, readCdrZip } from "@einvoice/sunat";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { example, signedGolden, signXmlForTest, TEST_ISSUER_RUC } from "../../test-support/signing.js";
import {
  addScenario,
  BILL_PATH,
  CONSULT_PATH,
  postSoap,
  type SoapResult,
  sendBill,
  sendSummary,
  solUser,
  startTestSimulator,
  type TestSimulator,
} from "../../test-support/test-simulator.js";

// openubl-xsender-java samples of RUC 12345678912: RC-20191224-1 (one boleta) and RA-20191224-1 (voids
// factura F001-1, pointed here at the golden factura FF11-1 so there is something to void).
const RUC = TEST_ISSUER_RUC;
const rcXml = (n = 1) =>
  signXmlForTest(
    example("openubl-xsender-java/summary-document.xml").replace("RC-20191224-1", `RC-20191224-${n}`),
    RUC,
  );
const raXml = (n: number, series: string, number: number) =>
  signXmlForTest(
    example("openubl-xsender-java/voided-document.xml")
      .replace("RA-20191224-1", `RA-20191224-${n}`)
      // The sample voids a factura of 2019-12-01, 23 days before its RA: past SUNAT's 7-day window (2957).
      .replace("<cbc:ReferenceDate>2019-12-01<", "<cbc:ReferenceDate>2019-12-20<")
      .replace("<sac:DocumentSerialID>F001<", `<sac:DocumentSerialID>${series}<`)
      .replace("<sac:DocumentNumberID>1<", `<sac:DocumentNumberID>${number}<`),
    RUC,
  );

let t: TestSimulator;
beforeAll(async () => {
  // SUNAT receives the samples on their own date, so the void window (2957) is judged as it was then.
  t = await startTestSimulator({ clock: () => new Date("2019-12-24T17:00:00Z") });
});
afterAll(() => t.close());

const ticketOf = (result: SoapResult): string => {
  if (result.response.kind !== "ticket") throw new Error(result.text);
  return result.response.ticket;
};
const poll = (ticket: string, ruc = RUC, headers: Record<string, string> = {}) =>
  postSoap(t.url + BILL_PATH, buildGetStatusEnvelope({ ...solUser(ruc), ticket }), { headers });
const cdrOf = (result: SoapResult) => {
  if (result.response.kind !== "status" || !result.response.content) throw new Error(result.text);
  return readCdrZip(result.response.content).cdr;
};

describe("sendSummary + getStatus", () => {
  it("an RC ticket answers 98 for ticket_pending_polls polls, then 0 with a signed CDR", async () => {
    const sent = await sendSummary(t, `${RUC}-RC-20191224-1`, rcXml(), {
      "x-sim-knobs": "ticket_pending_polls=2",
    });
    const ticket = ticketOf(sent);
    expect(ticket).toMatch(/^\d{15,}$/);
    expect((await poll(ticket)).response).toEqual({ kind: "status", statusCode: "98" });
    expect((await poll(ticket)).response).toEqual({ kind: "status", statusCode: "98" });
    const done = await poll(ticket);
    expect(done.response).toMatchObject({ kind: "status", statusCode: "0" });
    expect(cdrOf(done)).toMatchObject({
      responseCode: "0",
      referenceId: "RC-20191224-1",
      description: "El Resumen diario RC-20191224-1, ha sido aceptado",
    });
    // Later polls keep answering the final state.
    expect((await poll(ticket)).response).toMatchObject({ statusCode: "0" });
  });

  it("the same file name again is 2223 (RC), and 0402 while the first is still in process", async () => {
    const again = await sendSummary(t, `${RUC}-RC-20191224-1`, rcXml());
    expect(again.response).toMatchObject({ kind: "fault", code: "2223" });
    ticketOf(
      await sendSummary(t, `${RUC}-RC-20191224-2`, rcXml(2), { "x-sim-knobs": "ticket_pending_polls=5" }),
    );
    expect((await sendSummary(t, `${RUC}-RC-20191224-2`, rcXml(2))).response).toMatchObject({ code: "0402" });
  });

  it("a content error is 99 with a rejection CDR: unsigned → 2085, ID ≠ name → 2220", async () => {
    const unsigned = example("openubl-xsender-java/summary-document.xml").replace(
      "RC-20191224-1",
      "RC-20191224-3",
    );
    const rejected = await poll(ticketOf(await sendSummary(t, `${RUC}-RC-20191224-3`, unsigned)));
    expect(rejected.response).toMatchObject({ statusCode: "99" });
    expect(cdrOf(rejected).responseCode).toBe("2085");
    const misnamed = await poll(ticketOf(await sendSummary(t, `${RUC}-RC-20191224-4`, rcXml(5))));
    expect(cdrOf(misnamed).responseCode).toBe("2220");
  });

  it("an RA voids a registered factura (getStatus says 0003 after), a second RA with that name is 2324", async () => {
    expect(
      (await sendBill(t, `${RUC}-01-FF11-1`, signedGolden("Group1Test/factura1Con3Items.xml"))).status,
    ).toBe(200);
    const done = await poll(ticketOf(await sendSummary(t, `${RUC}-RA-20191224-1`, raXml(1, "FF11", 1))));
    expect(cdrOf(done)).toMatchObject({
      responseCode: "0",
      description: "La Comunicación de baja RA-20191224-1, ha sido aceptada",
    });
    const validity = await postSoap(
      t.url + CONSULT_PATH,
      buildConsultGetStatusEnvelope({ ...solUser(RUC), ruc: RUC, type: "01", series: "FF11", number: 1 }),
    );
    expect(validity.response).toMatchObject({ statusCode: "0003" });
    expect((await sendSummary(t, `${RUC}-RA-20191224-1`, raXml(1, "FF11", 1))).response).toMatchObject({
      code: "2324",
    });
    // Voiding it again under another name: 2323.
    const twice = await poll(ticketOf(await sendSummary(t, `${RUC}-RA-20191224-2`, raXml(2, "FF11", 1))));
    expect(cdrOf(twice).responseCode).toBe("2323");
  });

  it("an RA of a document SUNAT never registered is 99 with 2105", async () => {
    const result = await poll(ticketOf(await sendSummary(t, `${RUC}-RA-20191224-3`, raXml(3, "FF11", 99))));
    expect(result.response).toMatchObject({ statusCode: "99" });
    expect(cdrOf(result).responseCode).toBe("2105");
  });

  it("unknown ticket → status 0127; someone else's ticket → 0126", async () => {
    expect((await poll("123456789")).response).toEqual({ kind: "status", statusCode: "0127" });
    const ticket = ticketOf(await sendSummary(t, `${RUC}-RC-20191224-6`, rcXml(6)));
    expect((await poll(ticket, "20000000001")).response).toEqual({ kind: "status", statusCode: "0126" });
  });

  it("scenarios: pending polls set on sendSummary, an exception forced on getStatus", async () => {
    await addScenario(t, {
      match: { type: "RC", number: 7, operation: "sendSummary" },
      knobs: { ticket_pending_polls: 1 },
    });
    await addScenario(t, {
      match: { type: "RC", number: 7, operation: "getStatus" },
      knobs: { force_code: "0130" },
      times: 1,
    });
    const ticket = ticketOf(await sendSummary(t, `${RUC}-RC-20191224-7`, rcXml(7)));
    expect((await poll(ticket)).response).toMatchObject({ kind: "fault", code: "0130" });
    expect((await poll(ticket)).response).toEqual({ kind: "status", statusCode: "98" });
    expect((await poll(ticket)).response).toMatchObject({ statusCode: "0" });
  });

  it("synchronous faults: 0151 for an RR name, 1034 for a foreign RUC in the content", async () => {
    expect((await sendSummary(t, `${RUC}-RR-20191224-1`, rcXml())).response).toMatchObject({ code: "0151" });
    const foreign = rcXml(8).replaceAll(RUC, "20000000001");
    expect((await sendSummary(t, `${RUC}-RC-20191224-8`, foreign)).response).toMatchObject({ code: "1034" });
  });
});
