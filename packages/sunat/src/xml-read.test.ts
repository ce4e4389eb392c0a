import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { fixture, GREENTER_CDR_DIR, listFixtures, XSENDER_DIR } from "../test-support/fixtures.js";
import type { XmlNode } from "./xml-node.js";
import { decodeXml, parseXml, parseXmlWithoutExtensions } from "./xml-read.js";
import { unzipEntries } from "./zip.js";

/** The one parser parseXml used before it picked a cheaper one for texts without entities. */
const reference = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  parseTagValue: false,
  parseAttributeValue: false,
  htmlEntities: true,
  trimValues: true,
  jPath: false,
});

/** Every XML text of the example sets, zipped ones included. */
function exampleTexts(): { name: string; xml: string }[] {
  const texts: { name: string; xml: string }[] = [];
  for (const dir of [GREENTER_CDR_DIR, XSENDER_DIR]) {
    for (const name of listFixtures(dir)) {
      if (name.endsWith(".xml")) texts.push({ name, xml: decodeXml(fixture(dir, name)) });
      if (name.endsWith(".zip")) {
        for (const entry of unzipEntries(fixture(dir, name)).filter((e) => e.name.endsWith(".xml"))) {
          texts.push({ name: `${name}/${entry.name}`, xml: decodeXml(entry.data) });
        }
      }
    }
  }
  return texts;
}

/** The tree with every UBLExtensions element dropped, wherever it is. */
function withoutExtensions(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutExtensions);
  if (typeof node !== "object" || node === null) return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => key !== "UBLExtensions")
      .map(([key, value]) => [key, withoutExtensions(value)]),
  );
}

const ENTITIES = [
  '<a t="x &amp; y &#250;">caf&eacute; N&#250;mero &#xF3; &lt;b&gt; &euro; &nbsp;</a>',
  '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY who "SUNAT">]><a><b>&who;</b></a>',
  "<a><![CDATA[x & y]]><b>&amp;amp;</b></a>",
];

describe("parseXml", () => {
  const texts = exampleTexts();

  it("found the example set", () => {
    expect(texts.length).toBeGreaterThanOrEqual(20);
    expect(texts.some((t) => t.xml.includes("&"))).toBe(true);
    expect(texts.some((t) => !t.xml.includes("&"))).toBe(true);
  });

  it.each(texts)("$name parses to the same tree as the entity-decoding parser", ({ xml }) => {
    expect(parseXml(xml)).toEqual(reference.parse(xml));
  });

  it.each(ENTITIES)("decodes entities as before: %s", (xml) => {
    expect(parseXml(xml)).toEqual(reference.parse(xml));
  });

  it("parses a text without entities exactly as the entity-decoding parser", () => {
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?><s:Envelope xmlns:s="urn:s"><s:Body>' +
      '<br:sendBillResponse xmlns:br="urn:b"><applicationResponse> UEsDBA== </applicationResponse>' +
      '<n a="0111"/></br:sendBillResponse></s:Body></s:Envelope>';
    expect(parseXml(xml)).toEqual(reference.parse(xml));
  });

  it("refuses text that is not well formed", () => {
    expect(parseXml("<a><b></a>")).toBeUndefined();
    expect(parseXml("<a>x &amp y</a>")).toBeUndefined();
  });
});

describe("parseXmlWithoutExtensions", () => {
  const texts = exampleTexts().filter((t) => t.xml.includes("UBLExtensions"));

  it("found signed examples", () => {
    expect(texts.length).toBeGreaterThanOrEqual(5);
  });

  it.each(texts)("$name: the same tree outside UBLExtensions, which stays raw text", ({ xml }) => {
    const tree = parseXmlWithoutExtensions(xml)!;
    expect(withoutExtensions(tree)).toEqual(withoutExtensions(reference.parse(xml)));
    const root = Object.values(tree).find((v) => typeof v === "object" && v && "UBLExtensions" in v);
    expect(typeof (root as XmlNode).UBLExtensions).toBe("string");
  });

  it("still refuses a text whose extensions are not well formed", () => {
    const xml =
      '<ApplicationResponse xmlns:ext="urn:e"><ext:UBLExtensions><ext:UBLExtension><x></ext:UBLExtension>' +
      "</ext:UBLExtensions><ID>1</ID></ApplicationResponse>";
    expect(parseXmlWithoutExtensions(xml)).toBeUndefined();
  });
});
