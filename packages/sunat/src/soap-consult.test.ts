import { describe, expect, it } from "vitest";
import { buildConsultGetStatusEnvelope, buildGetStatusCdrEnvelope } from "./soap-client.js";
import { buildConsultStatusResponse, parseConsultRequest } from "./soap-consult.js";
import { parseSoapResponse } from "./soap-response.js";

const credentials = { username: "20000000001MODDATOS", password: "moddatos" };
const identity = { ruc: "20000000001", type: "01", series: "F001", number: "007" };

describe("billConsultService codec", () => {
  it("reads getStatus and getStatusCdr with the document identity (number without leading zeros)", () => {
    expect(parseConsultRequest(buildConsultGetStatusEnvelope({ ...credentials, ...identity }))).toEqual({
      operation: "getStatus",
      ...credentials,
      ...identity,
      number: "7",
    });
    expect(parseConsultRequest(buildGetStatusCdrEnvelope({ ...credentials, ...identity }))).toMatchObject({
      operation: "getStatusCdr",
      number: "7",
    });
  });

  it("refuses a missing UsernameToken with 0101 and other operations without a code", () => {
    const noToken = buildConsultGetStatusEnvelope({ ...credentials, ...identity }).replace(
      /<soapenv:Header>.*<\/soapenv:Header>/,
      "<soapenv:Header/>",
    );
    expect(() => parseConsultRequest(noToken)).toThrow(expect.objectContaining({ code: "0101" }));
    const sendBill = buildGetStatusCdrEnvelope({ ...credentials, ...identity }).replaceAll(
      "getStatusCdr",
      "sendBill",
    );
    expect(() => parseConsultRequest(sendBill)).toThrow(expect.objectContaining({ code: undefined }));
  });

  it("getStatus answers carry statusMessage through parseSoapResponse", () => {
    const xml = buildConsultStatusResponse({ statusCode: "0001", statusMessage: "El comprobante existe" });
    expect(parseSoapResponse(xml)).toEqual({
      kind: "status",
      statusCode: "0001",
      statusMessage: "El comprobante existe",
    });
  });
});
