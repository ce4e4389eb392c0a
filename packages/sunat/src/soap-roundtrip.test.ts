import { describe, expect, it } from "vitest";
import { create } from "xmlbuilder2";
import { SoapRequestError } from "./errors.js";
import {
  buildGetStatusCdrEnvelope,
  buildGetStatusEnvelope,
  buildSendBillEnvelope,
  buildSendSummaryEnvelope,
} from "./soap-client.js";
import { SOAP_ENV_NS, SUNAT_SERVICE_NS } from "./soap-namespaces.js";
import { parseSoapResponse } from "./soap-response.js";
import {
  buildGetStatusCdrResponse,
  buildGetStatusResponse,
  buildSendBillResponse,
  buildSendSummaryResponse,
  buildSoapFault,
  parseSoapRequest,
} from "./soap-server.js";
import { zipDocument } from "./zip.js";

const credentials = { username: "20000000001MODDATOS", password: "mod<datos>&" };

describe("client envelopes → parseSoapRequest", () => {
  it("sendBill carries credentials, file name and the decoded zip", async () => {
    const zip = await zipDocument("20000000001-01-F001-1", "<Invoice/>");
    const xml = buildSendBillEnvelope({
      ...credentials,
      fileName: "20000000001-01-F001-1.zip",
      zipBase64: zip.toString("base64"),
    });
    expect(xml).toContain("<wsse:Username>20000000001MODDATOS</wsse:Username>");
    expect(xml).toContain('xmlns:ser="http://service.sunat.gob.pe"');
    const request = parseSoapRequest(xml);
    expect(request).toMatchObject({
      operation: "sendBill",
      ...credentials,
      fileName: "20000000001-01-F001-1.zip",
    });
    if (request.operation !== "sendBill") throw new Error("wrong operation");
    expect(request.contentFile.equals(zip)).toBe(true);
  });

  it("sendBill is written byte for byte as xmlbuilder2 wrote it, and takes base64 only", async () => {
    const base64 = (await zipDocument("R-20000000001-01-F001-1", "<ApplicationResponse/>")).toString(
      "base64",
    );
    const root = create({ version: "1.0", encoding: "UTF-8" }).ele("soap-env:Envelope", {
      "xmlns:soap-env": SOAP_ENV_NS,
    });
    root.ele("soap-env:Header");
    root
      .ele("soap-env:Body")
      .ele("br:sendBillResponse", { "xmlns:br": SUNAT_SERVICE_NS })
      .ele("applicationResponse")
      .txt(base64);
    expect(buildSendBillResponse(base64)).toBe(root.end({ prettyPrint: false }));
    expect(() => buildSendBillResponse("<x/>")).toThrow(TypeError);
  });

  it("sendSummary", () => {
    const xml = buildSendSummaryEnvelope({
      ...credentials,
      fileName: "20000000001-RC-20240501-1.zip",
      zipBase64: "UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==",
    });
    expect(parseSoapRequest(xml)).toMatchObject({
      operation: "sendSummary",
      fileName: "20000000001-RC-20240501-1.zip",
    });
  });

  it("getStatus", () => {
    const xml = buildGetStatusEnvelope({ ...credentials, ticket: "1703154974517" });
    expect(parseSoapRequest(xml)).toEqual({
      operation: "getStatus",
      ...credentials,
      ticket: "1703154974517",
    });
  });

  it("getStatusCdr sends the number as xsd:int", () => {
    const xml = buildGetStatusCdrEnvelope({
      ...credentials,
      ruc: "20000000001",
      type: "01",
      series: "F001",
      number: "00000123",
    });
    expect(xml).toContain("<numeroComprobante>123</numeroComprobante>");
    expect(parseSoapRequest(xml)).toEqual({
      operation: "getStatusCdr",
      ...credentials,
      ruc: "20000000001",
      type: "01",
      series: "F001",
      number: "123",
    });
  });
});

describe("parseSoapRequest failures carry the SUNAT code to fault with", () => {
  const wrap = (header: string, body: string) =>
    `<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/" xmlns:ser="http://service.sunat.gob.pe"><s:Header>${header}</s:Header><s:Body>${body}</s:Body></s:Envelope>`;
  const header =
    '<wsse:Security xmlns:wsse="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd"><wsse:UsernameToken><wsse:Username>20000000001MODDATOS</wsse:Username><wsse:Password>x</wsse:Password></wsse:UsernameToken></wsse:Security>';

  it.each([
    ["no security header", wrap("", "<ser:getStatus><ticket>1</ticket></ser:getStatus>"), "0101"],
    [
      "no file name",
      wrap(header, "<ser:sendBill><contentFile>UEsFBg==</contentFile></ser:sendBill>"),
      "0151",
    ],
    ["no content", wrap(header, "<ser:sendBill><fileName>a.zip</fileName></ser:sendBill>"), "0155"],
    [
      "content not base64",
      wrap(header, "<ser:sendBill><fileName>a.zip</fileName><contentFile>%%%</contentFile></ser:sendBill>"),
      "0156",
    ],
    ["no ticket", wrap(header, "<ser:getStatus/>"), "0127"],
    ["unknown operation", wrap(header, "<ser:sendPack/>"), undefined],
    ["not XML", "<s:Envelope", undefined],
    ["no body", '<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"/>', undefined],
  ])("%s", (_label, xml, code) => {
    try {
      parseSoapRequest(xml);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(SoapRequestError);
      expect((e as SoapRequestError).code).toBe(code);
    }
  });
});

describe("server responses → parseSoapResponse", () => {
  it("sendBill", () => {
    const zip = Buffer.from("PK fake cdr zip");
    expect(parseSoapResponse(buildSendBillResponse(zip.toString("base64")))).toEqual({
      kind: "applicationResponse",
      zip,
    });
  });

  it("sendSummary", () => {
    expect(parseSoapResponse(buildSendSummaryResponse("1703154974517"))).toEqual({
      kind: "ticket",
      ticket: "1703154974517",
    });
  });

  it("getStatus with and without content", () => {
    const content = Buffer.from("cdr");
    expect(
      parseSoapResponse(
        buildGetStatusResponse({ statusCode: "0", contentBase64: content.toString("base64") }),
      ),
    ).toEqual({
      kind: "status",
      statusCode: "0",
      content,
    });
    expect(parseSoapResponse(buildGetStatusResponse({ statusCode: "98" }))).toEqual({
      kind: "status",
      statusCode: "98",
    });
  });

  it("getStatusCdr", () => {
    const content = Buffer.from("cdr");
    expect(
      parseSoapResponse(
        buildGetStatusCdrResponse({
          statusCode: "0004",
          statusMessage: "La constancia existe",
          contentBase64: content.toString("base64"),
        }),
      ),
    ).toEqual({ kind: "statusCdr", statusCode: "0004", statusMessage: "La constancia existe", content });
  });

  it("faults: Client for document errors, Server for transient outages, bare Client without code", () => {
    expect(parseSoapResponse(buildSoapFault("3277"))).toEqual({
      kind: "fault",
      faultCode: "soap-env:Client.3277",
      faultString:
        "La sumatoria del total valor de venta - operaciones gravadas de línea no corresponden al total",
      code: "3277",
    });
    expect(parseSoapResponse(buildSoapFault("0109"))).toMatchObject({
      faultCode: "soap-env:Server.0109",
      code: "0109",
    });
    expect(parseSoapResponse(buildSoapFault(undefined, "Unsupported operation sendPack"))).toEqual({
      kind: "fault",
      faultCode: "soap-env:Client",
      faultString: "Unsupported operation sendPack",
    });
  });
});
