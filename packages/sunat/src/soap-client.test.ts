import { describe, expect, it } from "vitest";
import { create } from "xmlbuilder2";
import {
  buildConsultGetStatusEnvelope,
  buildGetStatusCdrEnvelope,
  buildGetStatusEnvelope,
  buildSendBillEnvelope,
  buildSendSummaryEnvelope,
} from "./soap-client.js";
import { PASSWORD_TEXT, SOAP_ENV_NS, SUNAT_SERVICE_NS, WSSE_NS, WSU_NS } from "./soap-namespaces.js";
import { parseSoapRequest } from "./soap-server.js";

/** The envelopes as xmlbuilder2 wrote them before they became strings: the reference. */
function reference(
  credentials: { username: string; password: string },
  operation: string,
  fields: [string, string][],
): string {
  const root = create({ version: "1.0", encoding: "UTF-8" }).ele("soapenv:Envelope", {
    "xmlns:soapenv": SOAP_ENV_NS,
    "xmlns:ser": SUNAT_SERVICE_NS,
    "xmlns:wsse": WSSE_NS,
    "xmlns:wsu": WSU_NS,
  });
  const token = root.ele("soapenv:Header").ele("wsse:Security").ele("wsse:UsernameToken");
  token.ele("wsse:Username").txt(credentials.username);
  token.ele("wsse:Password", { Type: PASSWORD_TEXT }).txt(credentials.password);
  const op = root.ele("soapenv:Body").ele(`ser:${operation}`);
  for (const [name, value] of fields) op.ele(name).txt(value);
  return root.end({ prettyPrint: false });
}

const credentialVariants = [
  { username: "20000000001MODDATOS", password: "moddatos" },
  { username: "20000000001USER<1>", password: `p&ss<w>rd "q" 'a' ñ 😀` },
];

describe("SOAP client envelopes", () => {
  it("are written byte for byte as xmlbuilder2 wrote them", () => {
    for (const credentials of credentialVariants) {
      const file = { fileName: "20000000001-01-F001-1.zip", zipBase64: "UEsDBBQAAAAIAA+/=" };
      expect(buildSendBillEnvelope({ ...credentials, ...file })).toBe(
        reference(credentials, "sendBill", [
          ["fileName", file.fileName],
          ["contentFile", file.zipBase64],
        ]),
      );
      expect(buildSendSummaryEnvelope({ ...credentials, ...file })).toBe(
        reference(credentials, "sendSummary", [
          ["fileName", file.fileName],
          ["contentFile", file.zipBase64],
        ]),
      );
      expect(buildGetStatusEnvelope({ ...credentials, ticket: "1703154974517" })).toBe(
        reference(credentials, "getStatus", [["ticket", "1703154974517"]]),
      );
      const query = { ruc: "20000000001", type: "01", series: "F001", number: "0007" };
      const fields: [string, string][] = [
        ["rucComprobante", "20000000001"],
        ["tipoComprobante", "01"],
        ["serieComprobante", "F001"],
        ["numeroComprobante", "7"],
      ];
      expect(buildGetStatusCdrEnvelope({ ...credentials, ...query })).toBe(
        reference(credentials, "getStatusCdr", fields),
      );
      expect(buildConsultGetStatusEnvelope({ ...credentials, ...query })).toBe(
        reference(credentials, "getStatus", fields),
      );
    }
  });

  it("escape a password that looks escaped already, so SUNAT reads it as typed", () => {
    const credentials = { username: "20000000001MODDATOS", password: "a&amp;b&lt;" };
    const request = parseSoapRequest(buildGetStatusEnvelope({ ...credentials, ticket: "1" }));
    expect(request).toMatchObject({ operation: "getStatus", ...credentials });
  });
});
