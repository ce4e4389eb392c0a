import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import {
  buildConsultGetStatusEnvelope,
  buildGetStatusCdrEnvelope,
  buildGetStatusEnvelope,
  buildSendBillEnvelope,
  buildSendSummaryEnvelope,
  decodeXml,
  parseConsultRequest,
  parseSoapRequest,
  parseXml,
  zipDocument,
} from "@einvoice/sunat";
import { conformanceDir } from "@einvoice/testkit";
import { describe, expect, it } from "vitest";
import { goldenInvoices } from "../../test-support/fixtures.js";
import { builtInvoice, signedGolden } from "../../test-support/signing.js";
import { leanParse, readXml } from "./lean-xml.js";
import { seededRandom } from "./seeded-random.js";

/** The tree, or the error thrown (parseXml throws on names fast-xml-parser refuses and on deep nesting). */
function outcome(read: (xml: string) => unknown, xml: string): unknown {
  try {
    return read(xml);
  } catch (error) {
    return { threw: String(error) };
  }
}

/** Same tree as parseXml, key order included (the rules read children with Object.entries). */
function expectSameAsParseXml(xml: string): void {
  const expected = outcome(parseXml, xml);
  const actual = outcome(readXml, xml);
  expect(actual).toStrictEqual(expected);
  expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
}

function xmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return xmlFiles(path);
    return name.endsWith(".xml") ? [path] : [];
  });
}

const examples = xmlFiles(join(conformanceDir, "examples"));

describe("readXml", () => {
  it("reads every conformance example as parseXml does", () => {
    expect(examples.length).toBeGreaterThan(200);
    for (const path of examples) expectSameAsParseXml(decodeXml(readFileSync(path)));
  });

  it("takes the fast path for the documents the platform sends (built by @einvoice/ubl and signed)", () => {
    const document = builtInvoice(7, (xml) =>
      xml.replace("</cbc:Note>", " &amp; &lt;ok&gt; &quot;x&quot;</cbc:Note>"),
    );
    expect(document).toContain("&amp; &lt;ok&gt;");
    for (const xml of [builtInvoice(7), document]) {
      expect(leanParse(xml)).toBeDefined();
      expectSameAsParseXml(xml);
    }
  });

  it("takes the fast path for the SOAP requests the platform sends, and parseSoapRequest reads them the same through it", async () => {
    const credentials = { username: "20000000001MODDATOS", password: "moddatos & <x>" };
    const zipBase64 = (await zipDocument("20000000001-01-F001-7", builtInvoice(7))).toString("base64");
    const query = { ...credentials, ruc: "20000000001", type: "01", series: "F001", number: 7 };
    const bills = [
      buildSendBillEnvelope({ ...credentials, fileName: "20000000001-01-F001-7.zip", zipBase64 }),
      buildSendSummaryEnvelope({ ...credentials, fileName: "20000000001-RC-20240501-1.zip", zipBase64 }),
      buildGetStatusEnvelope({ ...credentials, ticket: "1714560000001" }),
      buildGetStatusCdrEnvelope(query),
    ];
    for (const xml of bills) {
      expect(leanParse(xml)).toBeDefined();
      expectSameAsParseXml(xml);
      expect(parseSoapRequest(xml, readXml)).toStrictEqual(parseSoapRequest(xml));
    }
    const consult = buildConsultGetStatusEnvelope(query);
    expect(leanParse(consult)).toBeDefined();
    expect(parseConsultRequest(consult, readXml)).toStrictEqual(parseConsultRequest(consult));
    expect(parseSoapRequest(bills[0]!, readXml)).toMatchObject({
      operation: "sendBill",
      password: "moddatos & <x>",
    });
  });

  it("reads the signed homologación goldens (CDATA: the slow path) as parseXml does", () => {
    for (const path of goldenInvoices()) expectSameAsParseXml(signedGolden(path));
  });

  it.each([
    [
      "declaration and namespaces only",
      '<?xml version="1.0" encoding="UTF-8"?><a xmlns="urn:a" xmlns:p="urn:p"/>',
    ],
    ["text of an element whose only attributes are declarations", '<a><p:b xmlns:p="urn:p">x</p:b></a>'],
    ["attributes and text", '<a><b currencyID="PEN" p:x="1" xmlns:p="urn:p"> 10.00 </b></a>'],
    ["repeated elements become arrays", "<a><b>1</b><c/><b>2</b><b><d>3</d></b></a>"],
    ["mixed content pieces are trimmed and joined", "<a> x <b>1</b>\n y <c/> z </a>"],
    [
      "empty elements, both forms, with and without attributes",
      '<a><b/><c></c><d e="1"/><f e="1">  </f></a>',
    ],
    [
      "the five entities, in text and attributes",
      '<a b="&lt;&amp;lt;&quot;&apos;&gt;">&amp;amp; &lt;x&gt; &quot;&apos;</a>',
    ],
    ["single quotes, whitespace around = and in tags", "<a  b = 'v\"' \n c='w' ><d\n/></a >"],
    ["CR and CRLF", '<a b="x\r\ny">1\r\n2\r3</a>'],
    ["leading and trailing whitespace", "\n <a/>\n\t"],
    ["attribute values keep inner whitespace, lose outer", '<a b="  x\t y\n  "/>'],
    ["attributes named like Object.prototype properties", '<a constructor="1" toString="2" __proto__="3"/>'],
  ])("reads %s as parseXml does", (_name, xml) => {
    expect(leanParse(xml.replace(/\r\n?/g, "\n"))).toBeDefined();
    expectSameAsParseXml(xml);
  });

  it.each([
    ["a comment", "<a><!-- c --><b>1</b></a>"],
    ["CDATA", "<a><![CDATA[<x>]]></a>"],
    ["a processing instruction", '<?xml version="1.0"?><?pi x?><a/>'],
    ["a DOCTYPE", '<!DOCTYPE a [<!ENTITY e "v">]><a>&e;</a>'],
    ["character references", "<a b='&#65;'>&#x42;&#67;</a>"],
    ["an HTML entity", "<a>&aacute;</a>"],
    ["a bare ampersand", "<a>x & y</a>"],
    ["> in text", "<a>x > y</a>"],
    ["a declaration not at the start", ' <?xml version="1.0"?><a/>'],
    ["non-ASCII names", "<año>1</año>"],
    ["duplicate attributes", '<a b="1" b="2"/>'],
    ["prefixed and unprefixed attributes of one local name", '<a xmlns:p="urn:p" p:b="1" b="2"/>'],
    ["a second root", "<a/><b/>"],
    ["text after the root", "<a/>x"],
    ["a mismatched end tag", "<a><b></c></a>"],
    ["an unclosed element", "<a><b></b>"],
    ["a name that shadows Object.prototype", "<a><constructor>1</constructor></a>"],
    ["deep nesting", `${"<a>".repeat(120)}${"</a>".repeat(120)}`],
    ["an empty document", ""],
  ])("hands %s to parseXml, with the same result", (_name, xml) => {
    expect(leanParse(xml)).toBeUndefined();
    expectSameAsParseXml(xml);
  });

  it("agrees with parseXml on mutated signed invoices (malformed ones included)", () => {
    const random = seededRandom(15);
    const source = builtInvoice(11);
    const pieces = [
      "<",
      ">",
      "/",
      "&",
      '"',
      "'",
      "=",
      ":",
      " ",
      "</a>",
      "<a>",
      "&amp;",
      "&#1;",
      "\u0001",
      "]]>",
    ];
    let malformed = 0;
    let fast = 0;
    for (let round = 0; round < 400; round++) {
      let xml = source;
      for (let edits = 1 + Math.floor(random() * 3); edits > 0; edits--) {
        const at = Math.floor(random() * xml.length);
        const kind = random();
        if (kind < 0.4) xml = xml.slice(0, at) + xml.slice(at + 1 + Math.floor(random() * 3));
        else if (kind < 0.8)
          xml = xml.slice(0, at) + pieces[Math.floor(random() * pieces.length)] + xml.slice(at);
        else {
          const from = Math.floor(random() * xml.length);
          xml = xml.slice(0, at) + xml.slice(from, from + 20) + xml.slice(at);
        }
      }
      if (parseXml(xml) === undefined) malformed++;
      if (leanParse(xml) !== undefined) fast++;
      expectSameAsParseXml(xml);
    }
    // The mutations must exercise the malformed path, not only harmless text edits, and the fast path must
    // have read many of the others itself.
    expect(malformed).toBeGreaterThan(100);
    expect(fast).toBeGreaterThan(50);
  });
});
