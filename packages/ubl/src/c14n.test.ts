import { spawnSync } from "node:child_process";
import { beforeAll, describe, expect, it } from "vitest";
import { MATRIX } from "../test-support/fixture-matrix.js";
import { ISSUER } from "../test-support/fixtures.js";
import { randomSignableXml, randomXml } from "../test-support/random-xml.js";
import { tempDir, writeTemp } from "../test-support/xml-validation.js";
import { C14nError, type C14nErrorCode, canonicalize } from "./c14n.js";
import { buildInvoiceXml } from "./invoice-builder.js";
import { SigningError } from "./xml-signer.js";

const c14n = (xml: string): string => canonicalize(xml).canonical;

/** libxml2's inclusive C14N 1.0 (`xmllint --c14n`; the documents hold no comments, so "with comments" is moot). */
const xmllintC14n = (file: string): string => {
  const run = spawnSync("xmllint", ["--c14n", file], { encoding: "utf8" });
  if (run.error) throw run.error;
  if (run.status !== 0) throw new Error(`xmllint --c14n ${file}: ${run.stderr}`);
  return run.stdout;
};

let dir = "";
beforeAll(() => {
  dir = tempDir();
});

describe("canonicalize: whole documents", () => {
  it("drops the XML declaration and whitespace outside the root", () => {
    expect(c14n('<?xml version="1.0" encoding="UTF-8"?>\n<a>x</a>\n')).toBe("<a>x</a>");
    expect(c14n("<?xml version='1.0' standalone='yes'?><a/>")).toBe("<a></a>");
  });

  it("writes empty elements as a start and an end tag", () => {
    expect(c14n('<a><b/><c></c><d x="1" /></a>')).toBe('<a><b></b><c></c><d x="1"></d></a>');
  });

  it("orders namespace declarations by prefix (default first), then attributes by namespace URI and local name", () => {
    expect(
      c14n('<r xmlns:b="urn:b" xmlns:a="urn:a" z="1" b:y="2" a:y="3" a:b="5" a="4" xmlns="urn:d"/>'),
    ).toBe('<r xmlns="urn:d" xmlns:a="urn:a" xmlns:b="urn:b" a="4" z="1" a:b="5" a:y="3" b:y="2"></r>');
    // The namespace URI decides, not the prefix: z:x (urn:a) before a:x (urn:z).
    expect(c14n('<r xmlns:a="urn:z" xmlns:z="urn:a" a:x="1" z:x="2"/>')).toBe(
      '<r xmlns:a="urn:z" xmlns:z="urn:a" z:x="2" a:x="1"></r>',
    );
    // The XML namespace URI sorts like any other: http://www.w3.org/XML/1998/namespace before urn:a.
    expect(c14n('<r xmlns:a="urn:a" a:x="1" xml:lang="es" x="2"/>')).toBe(
      '<r xmlns:a="urn:a" x="2" xml:lang="es" a:x="1"></r>',
    );
  });

  it("escapes text as & < > and CR, after reading references and normalizing line ends", () => {
    expect(
      c14n("<a>&amp; &lt; &gt; > \" ' &quot;&apos; x\r\ny\rz &#13;&#xD; &#9;\t &#x20AC;&#128512;</a>"),
    ).toBe("<a>&amp; &lt; &gt; &gt; \" ' \"' x\ny\nz &#xD;&#xD; \t\t €😀</a>");
    expect(c14n("<a>&#x0000041;&#065; </a>")).toBe("<a>AA </a>");
  });

  it('escapes attribute values as & < " TAB LF CR, after attribute-value normalization', () => {
    expect(c14n('<a b=\'"&amp;&lt;> &apos;\' c="x\ty\nz\r\nw\rv" d="&#9;&#10;&#13;&#x20;"/>')).toBe(
      '<a b="&quot;&amp;&lt;> \'" c="x y z w v" d="&#x9;&#xA;&#xD; "></a>',
    );
  });

  it("renders a namespace declaration only where it changes what the parent rendered", () => {
    expect(c14n('<a xmlns:p="urn:p"><p:b xmlns:p="urn:p"><c xmlns:p="urn:q"/></p:b></a>')).toBe(
      '<a xmlns:p="urn:p"><p:b><c xmlns:p="urn:q"></c></p:b></a>',
    );
    // Default namespace: redeclared, undeclared with xmlns="", and a superfluous xmlns="" dropped.
    expect(c14n('<a xmlns="urn:1"><b xmlns="urn:2"><c xmlns=""><d xmlns=""/></c></b><e xmlns=""/></a>')).toBe(
      '<a xmlns="urn:1"><b xmlns="urn:2"><c xmlns=""><d></d></c></b><e xmlns=""></e></a>',
    );
    expect(c14n('<a xmlns=""><b xmlns=""/></a>')).toBe("<a><b></b></a>");
  });

  it("keeps prefixes and unused declarations (inclusive, not exclusive C14N)", () => {
    expect(c14n('<p:a xmlns:p="urn:p" xmlns:unused="urn:u"><p:b/></p:a>')).toBe(
      '<p:a xmlns:p="urn:p" xmlns:unused="urn:u"><p:b></p:b></p:a>',
    );
  });
});

describe("canonicalize: a subtree whose ancestors are outside the node-set", () => {
  const context = {
    namespaces: new Map([
      ["", "urn:invoice"],
      ["ext", "urn:ext"],
      ["ds", "http://www.w3.org/2000/09/xmldsig#"],
      ["cac", "urn:cac"],
    ]),
    xmlAttributes: new Map([["lang", "es"]]),
  };

  it("renders every namespace in scope on the apex, sorted, and not again below it", () => {
    expect(canonicalize("<ds:SignedInfo><ds:X/><Y/></ds:SignedInfo>", { context }).canonical).toBe(
      '<ds:SignedInfo xmlns="urn:invoice" xmlns:cac="urn:cac" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" ' +
        'xmlns:ext="urn:ext" xml:lang="es"><ds:X></ds:X><Y></Y></ds:SignedInfo>',
    );
  });

  it("inherits xml:* attributes onto the apex unless it has its own", () => {
    const own = canonicalize('<ds:S xml:lang="qu" b="1"><ds:T/></ds:S>', { context }).canonical;
    expect(own).toContain(' b="1" xml:lang="qu"><ds:T></ds:T>');
  });

  it("an undeclared default namespace in scope renders nothing; one the apex undeclares is not rendered", () => {
    const noDefault = { namespaces: new Map([["ds", "urn:ds"]]), xmlAttributes: new Map() };
    expect(canonicalize("<ds:S/>", { context: noDefault }).canonical).toBe('<ds:S xmlns:ds="urn:ds"></ds:S>');
    expect(canonicalize('<ds:S xmlns=""><T/></ds:S>', { context }).canonical).toMatch(
      /^<ds:S xmlns:cac="urn:cac" xmlns:ds="[^"]+" xmlns:ext="urn:ext" xml:lang="es"><T><\/T><\/ds:S>$/,
    );
  });

  it("needs the context to resolve the prefixes the subtree uses", () => {
    expect(() => canonicalize("<ds:SignedInfo/>")).toThrow(C14nError);
  });
});

describe("canonicalize: locating the signature's parent", () => {
  const path = ["UBLExtensions", "UBLExtension", "ExtensionContent"];

  it("reports the first match, where it ends and what is in scope there", () => {
    const xml =
      '<r xmlns="urn:r" xmlns:e="urn:e"><e:UBLExtensions><e:UBLExtension><e:ExtensionContent xml:lang="es"/>' +
      '<e:ExtensionContent xmlns:z="urn:z">x</e:ExtensionContent></e:UBLExtension></e:UBLExtensions></r>';
    const { located } = canonicalize(xml, { locate: path });
    expect(located?.qname).toBe("e:ExtensionContent");
    expect(xml.slice(located!.emptyTagSlash, located!.emptyTagSlash + 2)).toBe("/>");
    expect(located?.endTag).toBe(-1);
    expect([...located!.scope.namespaces]).toEqual([
      ["", "urn:r"],
      ["e", "urn:e"],
    ]);
    expect([...located!.scope.xmlAttributes]).toEqual([["lang", "es"]]);
  });

  it("reports the end tag of a non-empty element and ignores the path at other depths", () => {
    const xml =
      "<r><x><UBLExtensions><UBLExtension><ExtensionContent/></UBLExtension></UBLExtensions></x>" +
      "<UBLExtensions><UBLExtension><ExtensionContent> </ExtensionContent></UBLExtension></UBLExtensions></r>";
    const { located } = canonicalize(xml, { locate: path });
    expect(xml.startsWith("</ExtensionContent>", located!.endTag)).toBe(true);
    expect(located!.endTag).toBeGreaterThan(xml.indexOf("</x>"));
    expect(canonicalize("<r><UBLExtensions/></r>", { locate: path }).located).toBeUndefined();
  });

  it("reports where the element starts, and omitLocated leaves it out as the enveloped transform does", () => {
    const signature = ["UBLExtensions", "UBLExtension", "ExtensionContent", "Signature"];
    const xml =
      '<r xmlns="urn:r" xmlns:e="urn:e"><e:UBLExtensions><e:UBLExtension><e:ExtensionContent>\r\n ' +
      '<ds:Signature xmlns:ds="urn:ds" Id="S"><ds:X>a&amp;b</ds:X></ds:Signature>\n</e:ExtensionContent>' +
      '</e:UBLExtension></e:UBLExtensions><e:After b="1" a="2"/></r>';
    const start = xml.indexOf("<ds:Signature");
    const end = xml.indexOf("</ds:Signature>") + "</ds:Signature>".length;
    const whole = canonicalize(xml, { locate: signature });
    const omitted = canonicalize(xml, { locate: signature, omitLocated: true });
    expect(whole.located?.startTag).toBe(start);
    expect(omitted.located).toEqual(whole.located);
    expect(omitted.canonical).toBe(canonicalize(xml.slice(0, start) + xml.slice(end)).canonical);
    expect(omitted.canonical).not.toContain("Signature");
    const empty = '<r><UBLExtensions><UBLExtension><ExtensionContent><Signature Id="x"/> </ExtensionContent>';
    expect(
      canonicalize(`${empty}</UBLExtension></UBLExtensions></r>`, { locate: signature, omitLocated: true }),
    ).toMatchObject({
      canonical:
        "<r><UBLExtensions><UBLExtension><ExtensionContent> </ExtensionContent></UBLExtension></UBLExtensions></r>",
      located: { startTag: empty.indexOf("<Signature"), endTag: -1 },
    });
  });
});

describe("canonicalize: input outside the subset is refused with a typed error", () => {
  const refused: [string, C14nErrorCode, string][] = [
    ["comment", "comment", "<a><!-- x --></a>"],
    ["comment before the root", "comment", "<!-- x --><a/>"],
    ["processing instruction", "processing-instruction", "<a><?pi x?></a>"],
    ["xml-stylesheet", "processing-instruction", '<?xml-stylesheet href="x"?><a/>'],
    ["CDATA", "cdata", "<a><![CDATA[x]]></a>"],
    ["DOCTYPE", "doctype", "<!DOCTYPE a><a/>"],
    ["XML 1.1", "xml-declaration", '<?xml version="1.1"?><a/>'],
    ["ISO-8859-1", "xml-declaration", '<?xml version="1.0" encoding="ISO-8859-1"?><a/>'],
    ["a late XML declaration", "xml-declaration", '<a><?xml version="1.0"?></a>'],
    ["an undeclared entity", "entity", "<a>&nbsp;</a>"],
    ["a non-ASCII element name", "name", "<año/>"],
    ["a non-ASCII prefixed name", "name", '<p:año xmlns:p="urn:p"/>'],
    ["a non-ASCII attribute name", "name", '<a ñ="1"/>'],
    ["an undeclared element prefix", "namespace", "<p:a/>"],
    ["an undeclared attribute prefix", "namespace", '<a p:x="1"/>'],
    ["xmlns:p=''", "namespace", '<a xmlns:p=""/>'],
    ["a relative namespace URI", "namespace", '<a xmlns="relative/path"/>'],
    ["a namespace URI libxml2 cannot parse", "namespace", '<a xmlns:p="urn:x&lt;y"/>'],
    ["a non-ASCII namespace URI", "namespace", '<a xmlns:p="urn:año"/>'],
    // C14N escapes it as &amp;, libxml2 (xmlsec1) writes it raw: the verifier would see another canonical form.
    ["& in a namespace URI", "namespace", '<a xmlns:p="http://x/?a=1&amp;b=2"/>'],
    ["declaring xml", "namespace", '<a xmlns:xml="http://www.w3.org/XML/1998/namespace"/>'],
    ["binding to the xmlns URI", "namespace", '<a xmlns:p="http://www.w3.org/2000/xmlns/"/>'],
    ["mismatched tags", "malformed", "<a><b></a></b>"],
    ["a bare &", "malformed", "<a>x & y</a>"],
    ["< in an attribute", "malformed", '<a x="<"/>'],
    ["a duplicate attribute", "malformed", '<a x="1" x="2"/>'],
    ["a duplicate expanded name", "malformed", '<a xmlns:p="urn:x" xmlns:q="urn:x" p:x="1" q:x="2"/>'],
    ["attributes without whitespace", "malformed", '<a x="1"y="2"/>'],
    ["two roots", "malformed", "<a/><b/>"],
    ["text outside the root", "malformed", "<a/>x"],
    ["an unclosed element", "malformed", "<a><b></b>"],
    ["no root", "malformed", '<?xml version="1.0"?>'],
    ["a control character", "malformed", "<a>\u0001</a>"],
    ["a lone surrogate", "malformed", "<a>\ud800</a>"],
    ["a lone low surrogate in an attribute", "malformed", '<a x="\udc00"/>'],
    ["U+FFFE", "malformed", "<a>\ufffe</a>"],
    ["U+FFFF after an astral character", "malformed", "<a>\u{1d11e}\uffff</a>"],
    ["a reference to a non-character", "malformed", "<a>&#0;</a>"],
    ["a reference beyond U+10FFFF", "malformed", "<a>&#x110000;</a>"],
    ["a huge reference", "malformed", '<a b="&#99999999999999999999;"/>'],
    ["]]> in text", "malformed", "<a>]]></a>"],
    ["a byte order mark", "malformed", "\ufeff<a/>"],
  ];

  it("reads astral characters and the highest BMP characters XML allows as themselves", () => {
    const xml = '<a x="\u{1f600}\ufffd">\u{1d11e} \ue000 \ud7ff</a>';
    expect(canonicalize(xml).canonical).toBe(xml);
  });

  it.each(refused)("%s → %s", (_, code, xml) => {
    let error: unknown;
    try {
      canonicalize(xml);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(C14nError);
    expect(error).toBeInstanceOf(SigningError);
    expect((error as C14nError).code).toBe(code);
  });
});

describe("canonicalize agrees with libxml2 (xmllint --c14n)", () => {
  it("on every matrix document", () => {
    Object.entries(MATRIX).forEach(([name, document], i) => {
      const xml = buildInvoiceXml({ issuer: ISSUER, document, number: i + 1 });
      expect(c14n(xml), name).toBe(xmllintC14n(writeTemp(dir, `${name}.xml`, xml)));
    });
  });

  it("on 300 random documents (namespaces, references, line ends, quotes, xml:*)", () => {
    for (let seed = 1; seed <= 300; seed++) {
      const xml = seed % 3 === 0 ? randomSignableXml(seed) : randomXml(seed);
      const expected = xmllintC14n(writeTemp(dir, `random-${seed}.xml`, xml));
      expect(c14n(xml), `seed ${seed}: ${JSON.stringify(xml)}`).toBe(expected);
    }
  });
});
