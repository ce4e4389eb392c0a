import { describe, expect, it } from "vitest";
import { fixture, XSENDER_DIR } from "../test-support/fixtures.js";
import { readCdrZip } from "./cdr-read.js";
import { SoapResponseError } from "./errors.js";
import { extractFaultCode, parseSoapResponse } from "./soap-response.js";

const sample = (name: string) => fixture(XSENDER_DIR, name).toString("utf8");

describe("parseSoapResponse on SUNAT samples", () => {
  it("sendBill OK → CDR zip with a dummy/ folder and the R- entry", () => {
    const response = parseSoapResponse(sample("bill_service_response_ok.xml"));
    if (response.kind !== "applicationResponse") throw new Error(`got ${response.kind}`);
    const { entryName, cdr } = readCdrZip(response.zip);
    expect(entryName).toBe("R-12345678912-01-F001-1.xml");
    expect(cdr.responseCode).toMatch(/^\d+$/);
    expect(cdr.referenceId).toBe("F001-1");
  });

  it("sendSummary → ticket kept as a string", () => {
    expect(parseSoapResponse(sample("bill_service_response_ticket.xml"))).toEqual({
      kind: "ticket",
      ticket: "1703154974517",
    });
  });

  it("fault → faultcode, faultstring and the numeric code", () => {
    expect(parseSoapResponse(sample("bill_service_response_fault.xml"))).toEqual({
      kind: "fault",
      faultCode: "soap-env:Client.0111",
      faultString: "No tiene el perfil para enviar comprobantes electronicos - Detalle: Rejected by policy.",
      code: "0111",
    });
  });

  it("getStatus → status code and CDR content", () => {
    const response = parseSoapResponse(sample("get_status_response_ok.xml"));
    if (response.kind !== "status") throw new Error(`got ${response.kind}`);
    expect(response.statusCode).toBe("0");
    expect(readCdrZip(response.content!).cdr.referenceId).toBe("RA-20200328-1");
  });
});

describe("parseSoapResponse edge cases", () => {
  it("getStatus in process (98) has no content", () => {
    const xml =
      '<S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body><ns2:getStatusResponse xmlns:ns2="http://service.sunat.gob.pe"><status><statusCode>98</statusCode></status></ns2:getStatusResponse></S:Body></S:Envelope>';
    expect(parseSoapResponse(xml)).toEqual({ kind: "status", statusCode: "98" });
  });

  it("throws SoapResponseError on the empty body production sometimes returns", () => {
    expect(() => parseSoapResponse("")).toThrow(SoapResponseError);
    expect(() =>
      parseSoapResponse(
        '<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body/></s:Envelope>',
      ),
    ).toThrow(SoapResponseError);
    expect(() => parseSoapResponse("<html>502 Bad Gateway")).toThrow(SoapResponseError);
  });

  it("throws when applicationResponse is not base64", () => {
    const xml =
      '<e:Envelope xmlns:e="http://schemas.xmlsoap.org/soap/envelope/"><e:Body><b:sendBillResponse xmlns:b="http://service.sunat.gob.pe"><applicationResponse>@@@</applicationResponse></b:sendBillResponse></e:Body></e:Envelope>';
    expect(() => parseSoapResponse(xml)).toThrow(/not base64/);
  });
});

describe("extractFaultCode", () => {
  it.each([
    ["soap-env:Client.3277", "x", "3277"],
    ["env:Server", "0109", "0109"],
    ["soap-env:Server", "Detalle: error: INFO : 2335 (nodo: ...)", "2335"],
    ["soap-env:Client", "no number here", undefined],
  ])("%s / %s → %s", (faultCode, faultString, expected) => {
    expect(extractFaultCode(faultCode, faultString)).toBe(expected);
  });
});
