import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { conformanceDir } from "@einvoice/testkit";
import { describe, expect, it } from "vitest";
import {
  expectSameAsReference,
  MUTATION_PIECES,
  mutatedXml,
  parseOutcome,
  referenceParseXml,
} from "../test-support/xml-reference.js";
import { buildCdrXml, type CdrInput } from "./cdr-build.js";
import { leanParse } from "./lean-xml.js";
import { buildConsultStatusResponse } from "./soap-consult.js";
import {
  buildGetStatusCdrResponse,
  buildGetStatusResponse,
  buildSendBillResponse,
  buildSendSummaryResponse,
  buildSoapFault,
} from "./soap-server.js";
import { decodeXml, parseXmlWithoutExtensions } from "./xml-read.js";
import { unzipEntries } from "./zip.js";

/** Whether the one-pass reader took the text itself, in both modes. */
function lean(xml: string): boolean {
  const normalized = xml.replace(/\r\n?/g, "\n");
  return leanParse(normalized) !== undefined && leanParse(normalized, "UBLExtensions") !== undefined;
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** Every XML text of the conformance material: examples, CDRs (zipped ones too), WSDL, XSD. */
function conformanceTexts(): string[] {
  return files(conformanceDir).flatMap((path) => {
    if (/\.(xml|xsd|wsdl)$/i.test(path)) return [decodeXml(readFileSync(path))];
    if (!path.endsWith(".zip")) return [];
    return unzipEntries(readFileSync(path))
      .filter((entry) => entry.name.endsWith(".xml"))
      .map((entry) => decodeXml(entry.data));
  });
}

const cdrInput: CdrInput = {
  id: "1717254245000",
  issueDate: "2024-06-01",
  issueTime: "10:04:05",
  responseDate: "2024-06-01",
  responseTime: "10:04:05",
  receiverRuc: "20000000001",
  recipientId: "6-20587896411",
  referenceId: "F001-7",
  documentId: "F001-7",
  documentTypeCode: "01",
  responseCode: "0",
  description: "La Factura numero F001-7, ha sido aceptada",
  notes: [{ code: "4287", text: "El precio unitario & el <valor> no cuadran" }],
};

/** A stand-in signature: the shape of ds:Signature, attributes, base64 with line breaks, nested elements. */
const fakeSign = (xml: string): string =>
  xml.replace(
    "<ext:ExtensionContent/>",
    '<ext:ExtensionContent>\n  <ds:Signature Id="SignSUNAT"><ds:SignedInfo><ds:Reference URI="">' +
      "<ds:DigestValue>q1w2e3==</ds:DigestValue></ds:Reference></ds:SignedInfo>\n" +
      "<ds:SignatureValue>AbCd\nEfGh==</ds:SignatureValue></ds:Signature>\n</ext:ExtensionContent>",
  );

function builtCdrs(): string[] {
  const signed = buildCdrXml({ ...cdrInput, sign: fakeSign });
  return [
    buildCdrXml(cdrInput),
    signed,
    signed.replace(/\n/g, "\r\n"),
    buildCdrXml({ ...cdrInput, notes: [] }),
  ];
}

function soapAnswers(): string[] {
  const content = Buffer.from(builtCdrs()[1]!).toString("base64");
  return [
    buildSendBillResponse(content),
    buildSendSummaryResponse("1714560000001"),
    buildGetStatusResponse({ statusCode: "0", contentBase64: content }),
    buildGetStatusResponse({ statusCode: "98" }),
    buildGetStatusCdrResponse({
      statusCode: "0004",
      statusMessage: "La constancia existe",
      contentBase64: content,
    }),
    buildConsultStatusResponse({
      statusCode: "0001",
      statusMessage: "El comprobante existe y está aceptado",
    }),
    buildSoapFault("0111"),
    buildSoapFault("0109"),
    buildSoapFault(undefined, "mensaje con <ángulos> & ampersand"),
  ];
}

describe("parseXml and parseXmlWithoutExtensions (one-pass reader, fast-xml-parser behind it)", () => {
  it("read every conformance text (examples, CDRs, WSDL, XSD) as fast-xml-parser does", () => {
    const texts = conformanceTexts();
    expect(texts.length).toBeGreaterThan(300);
    for (const xml of texts) expectSameAsReference(xml);
    // Most carry comments or character references (fast-xml-parser's), but some are the one-pass reader's.
    expect(texts.filter(lean).length).toBeGreaterThan(20);
  });

  it("read the CDRs and SOAP answers this package builds in one pass, as fast-xml-parser does", () => {
    for (const xml of [...builtCdrs(), ...soapAnswers()]) {
      expect(lean(xml), xml.slice(0, 200)).toBe(true);
      expectSameAsReference(xml);
    }
    const raw = parseXmlWithoutExtensions(builtCdrs()[1]!) as {
      ApplicationResponse: Record<string, unknown>;
    };
    expect(raw.ApplicationResponse.UBLExtensions).toMatch(
      /^<ext:UBLExtension><ext:ExtensionContent>\n {2}<ds:Signature Id=/,
    );
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
    // Stop nodes: raw inner text, untrimmed and undecoded, attributes read as usual, at any depth but the root.
    [
      "UBLExtensions kept raw: whitespace, entities, nested elements, CRLF",
      '<a><ext:UBLExtensions xmlns:ext="urn:e" x=" 1 "> <b>1 &amp; &lt;</b>\r\n </ext:UBLExtensions></a>',
    ],
    ["UBLExtensions deeper down", "<a><c><e><UBLExtensions><d/> t </UBLExtensions></e></c></a>"],
    [
      "UBLExtensions empty, self-closed, blank, with attributes",
      '<a><UBLExtensions/><UBLExtensions></UBLExtensions><UBLExtensions>  </UBLExtensions><UBLExtensions y="2"/><UBLExtensions y="3">z</UBLExtensions></a>',
    ],
    [
      "UBLExtensions nested in UBLExtensions",
      "<a><UBLExtensions><UBLExtensions><x/></UBLExtensions></UBLExtensions><q:UBLExtensions><UBLExtensions/></q:UBLExtensions></a>",
    ],
    ["UBLExtensions as the root (not a stop node)", "<UBLExtensions><x>1</x></UBLExtensions>"],
    ["UBLExtensions between text", "<a> x <UBLExtensions>y</UBLExtensions> z </a>"],
  ])("reads %s in one pass, as fast-xml-parser does", (_name, xml) => {
    expect(lean(xml)).toBe(true);
    expectSameAsReference(xml);
  });

  it.each([
    ["a comment", "<a><!-- c --><b>1</b></a>"],
    ["a comment inside UBLExtensions", "<a><UBLExtensions><!-- c --></UBLExtensions></a>"],
    ["CDATA", "<a><![CDATA[<x>]]></a>"],
    ["CDATA inside UBLExtensions", "<a><UBLExtensions><![CDATA[</UBLExtensions>]]></UBLExtensions></a>"],
    ["a processing instruction", '<?xml version="1.0"?><?pi x?><a/>'],
    ["a DOCTYPE", '<!DOCTYPE a [<!ENTITY e "v">]><a>&e;</a>'],
    ["character references", "<a b='&#65;'>&#x42;&#67;</a>"],
    ["a character reference inside UBLExtensions", "<a><UBLExtensions>N&#250;mero</UBLExtensions></a>"],
    ["a CDR-like numeric reference", "<a><Note>N&#250;mero &amp; x</Note></a>"],
    ["an HTML entity", "<a>&aacute;</a>"],
    ["a bare ampersand", "<a>x & y</a>"],
    ["> in text", "<a>x > y</a>"],
    ["> in an attribute inside UBLExtensions", '<a><UBLExtensions><b c=">"/></UBLExtensions></a>'],
    ["a declaration not at the start", ' <?xml version="1.0"?><a/>'],
    ["non-ASCII names", "<año>1</año>"],
    ["duplicate attributes", '<a b="1" b="2"/>'],
    ["prefixed and unprefixed attributes of one local name", '<a xmlns:p="urn:p" p:b="1" b="2"/>'],
    ["a second root", "<a/><b/>"],
    ["text after the root", "<a/>x"],
    ["a mismatched end tag", "<a><b></c></a>"],
    ["a mismatched end tag inside UBLExtensions", "<a><UBLExtensions><b></c></UBLExtensions></a>"],
    ["an unclosed UBLExtensions", "<a><UBLExtensions><b/></a>"],
    ["an unclosed element", "<a><b></b>"],
    ["a name that shadows Object.prototype", "<a><constructor>1</constructor></a>"],
    ["deep nesting", `${"<a>".repeat(120)}${"</a>".repeat(120)}`],
    ["an empty document", ""],
  ])("hands %s to fast-xml-parser, with the same result", (_name, xml) => {
    expect(leanParse(xml)).toBeUndefined();
    expect(leanParse(xml, "UBLExtensions")).toBeUndefined();
    expectSameAsReference(xml);
  });

  it("agrees with fast-xml-parser on mutated CDRs and SOAP answers (malformed ones included)", () => {
    const sources = [builtCdrs()[1]!, soapAnswers()[4]!, soapAnswers()[8]!];
    const pieces = [...MUTATION_PIECES, "\r", "<UBLExtensions/>", "<!--x-->"];
    let seed = 15;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    let malformed = 0;
    let fast = 0;
    for (let round = 0; round < 600; round++) {
      const xml = mutatedXml(sources[round % sources.length]!, random, pieces);
      if (parseOutcome(referenceParseXml, xml) === undefined) malformed++;
      if (lean(xml)) fast++;
      expectSameAsReference(xml);
    }
    // The mutations must reach the malformed path, and the one-pass reader must have read many of the others.
    expect(malformed).toBeGreaterThan(150);
    expect(fast).toBeGreaterThan(100);
  });
});
