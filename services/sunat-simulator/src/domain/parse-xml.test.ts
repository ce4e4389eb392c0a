import {
  buildConsultGetStatusEnvelope,
  buildGetStatusCdrEnvelope,
  buildGetStatusCdrResponse,
  buildGetStatusEnvelope,
  buildGetStatusResponse,
  buildSendBillEnvelope,
  buildSendBillResponse,
  buildSendSummaryEnvelope,
  parseSoapRequest,
  parseSoapResponse,
  readCdrZip,
  zipDocument,
} from "@einvoice/sunat";
import {
  expectSameAsReference,
  MUTATION_PIECES,
  mutatedXml,
  parseOutcome,
  readsInOnePass,
  referenceParseXml,
} from "@einvoice/sunat/test-support";
import { createTestCertificate, LeanSigner } from "@einvoice/ubl";
import { describe, expect, it } from "vitest";
import { goldenInvoices } from "../../test-support/fixtures.js";
import { builtInvoice, signedGolden } from "../../test-support/signing.js";
import { CdrIssuer } from "../adapters/cdr-issuer.js";
import { seededRandom } from "./seeded-random.js";
import type { Verdict } from "./verdict.js";

/**
 * The simulator reads every received document through `parseXml` (@einvoice/sunat: a one-pass reader, with
 * fast-xml-parser behind it for anything outside its subset), and submission reads the simulator's CDRs and
 * SOAP answers through it and `parseXmlWithoutExtensions`. Held here to fast-xml-parser itself on what only the
 * simulator's fixtures build: signed invoices and requests as the platform sends them, and the simulator's
 * signed CDRs and answers. The package's own tests cover the conformance material and the reader's edge cases.
 */

const sunat = createTestCertificate({ ruc: "20131312955", legalName: "SUNAT" });
const issuer = new CdrIssuer(new LeanSigner(), sunat, () => new Date("2026-06-01T15:04:05.000Z"));
const description = "La Factura numero F001-7, ha sido aceptada";
const verdicts: Verdict[] = [
  { outcome: "accepted", responseCode: "0", description, notes: [] },
  {
    outcome: "observed",
    responseCode: "0",
    description,
    notes: [{ code: "4287", text: "El precio unitario & el <valor> no cuadran" }],
  },
  { outcome: "rejected", responseCode: "2800", description: "El dato ingresado no cumple", notes: [] },
];

/** The simulator's signed CDR zips, one per kind of verdict. */
function simulatorCdrs(): Promise<Buffer[]> {
  return Promise.all(
    verdicts.map((verdict) =>
      issuer.issue({
        stem: "20000000001-01-F001-7",
        receiverRuc: "20000000001",
        referenceId: "F001-7",
        documentTypeCode: "01",
        verdict,
      }),
    ),
  );
}

describe("parseXml on the simulator's documents", () => {
  it("reads the documents the platform sends (built by @einvoice/ubl and signed) in one pass, as fast-xml-parser does", () => {
    const document = builtInvoice(7, (xml) =>
      xml.replace("</cbc:Note>", " &amp; &lt;ok&gt; &quot;x&quot;</cbc:Note>"),
    );
    expect(document).toContain("&amp; &lt;ok&gt;");
    for (const xml of [builtInvoice(7), document]) {
      expect(readsInOnePass(xml)).toBe(true);
      expectSameAsReference(xml);
    }
  });

  it("reads the SOAP requests the platform sends in one pass, as fast-xml-parser does", async () => {
    const credentials = { username: "20000000001MODDATOS", password: "moddatos & <x>" };
    const zipBase64 = (await zipDocument("20000000001-01-F001-7", builtInvoice(7))).toString("base64");
    const query = { ...credentials, ruc: "20000000001", type: "01", series: "F001", number: 7 };
    const requests = [
      buildSendBillEnvelope({ ...credentials, fileName: "20000000001-01-F001-7.zip", zipBase64 }),
      buildSendSummaryEnvelope({ ...credentials, fileName: "20000000001-RC-20240501-1.zip", zipBase64 }),
      buildGetStatusEnvelope({ ...credentials, ticket: "1714560000001" }),
      buildGetStatusCdrEnvelope(query),
      buildConsultGetStatusEnvelope(query),
    ];
    for (const xml of requests) {
      expect(readsInOnePass(xml)).toBe(true);
      expectSameAsReference(xml);
    }
    expect(parseSoapRequest(requests[0]!)).toMatchObject({
      operation: "sendBill",
      password: "moddatos & <x>",
    });
  });

  it("reads the signed homologación goldens (CDATA: fast-xml-parser's) as fast-xml-parser does", () => {
    for (const path of goldenInvoices()) expectSameAsReference(signedGolden(path));
  });

  it("reads the simulator's signed CDRs and the SOAP answers carrying them in one pass, as fast-xml-parser does", async () => {
    for (const zip of await simulatorCdrs()) {
      const { xml, cdr } = readCdrZip(zip);
      expect(xml).toContain("<ds:SignatureValue>");
      for (const withoutExtensions of [false, true])
        expect(readsInOnePass(xml, { withoutExtensions })).toBe(true);
      expectSameAsReference(xml);
      expect(cdr.referenceId).toBe("F001-7");
      const content = zip.toString("base64");
      const answers = [
        buildSendBillResponse(content),
        buildGetStatusResponse({ statusCode: "0", contentBase64: content }),
        buildGetStatusCdrResponse({
          statusCode: "0004",
          statusMessage: "La constancia existe",
          contentBase64: content,
        }),
      ];
      for (const answer of answers) {
        expect(readsInOnePass(answer)).toBe(true);
        expectSameAsReference(answer);
      }
      expect(parseSoapResponse(answers[0]!)).toEqual({ kind: "applicationResponse", zip });
    }
  });

  it("agrees with fast-xml-parser on mutated signed invoices and CDRs (malformed ones included)", async () => {
    const random = seededRandom(15);
    const cdr = readCdrZip((await simulatorCdrs())[1]!).xml;
    const sources = [builtInvoice(11), cdr];
    const pieces = [...MUTATION_PIECES, "&#250;"];
    let malformed = 0;
    let fast = 0;
    for (let round = 0; round < 400; round++) {
      const xml = mutatedXml(sources[round % 2]!, random, pieces);
      if (parseOutcome(referenceParseXml, xml) === undefined) malformed++;
      if (readsInOnePass(xml)) fast++;
      expectSameAsReference(xml);
    }
    // The mutations must exercise the malformed path, not only harmless text edits, and the one-pass reader
    // must have read many of the others itself.
    expect(malformed).toBeGreaterThan(100);
    expect(fast).toBeGreaterThan(50);
  });
});
