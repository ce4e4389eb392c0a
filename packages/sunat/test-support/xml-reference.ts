import { XMLParser, XMLValidator } from "fast-xml-parser";
import { expect } from "vitest";
import { leanParse } from "../src/lean-xml.js";
import { EXTENSIONS, FAST_XML_PARSER_OPTIONS, parseXml, parseXmlWithoutExtensions } from "../src/xml-read.js";

/**
 * fast-xml-parser alone, as `parseXml` / `parseXmlWithoutExtensions` read XML before the one-pass reader: the
 * reference lean-xml.ts is held to, with xml-read.ts's own options. One parser with HTML entities on for every input (xml-read.ts picks a
 * cheaper one when the text has no `&`; this one does not take that shortcut either).
 */
const OPTIONS = { ...FAST_XML_PARSER_OPTIONS, htmlEntities: true } as const;

const WHOLE = new XMLParser(OPTIONS);
const WITHOUT_EXTENSIONS = new XMLParser({ ...OPTIONS, stopNodes: [`*.${EXTENSIONS}`] });

/** The tree fast-xml-parser returns, or undefined when its validator refuses the text. */
export function referenceParseXml(xml: string, options: { withoutExtensions?: boolean } = {}): unknown {
  if (XMLValidator.validate(xml) !== true) return undefined;
  return (options.withoutExtensions ? WITHOUT_EXTENSIONS : WHOLE).parse(xml);
}

/** Whether the one-pass reader reads the text itself (rather than handing it to fast-xml-parser). */
export function readsInOnePass(xml: string, options: { withoutExtensions?: boolean } = {}): boolean {
  const normalized = xml.replace(/\r\n?/g, "\n");
  return leanParse(normalized, options.withoutExtensions ? EXTENSIONS : undefined) !== undefined;
}

/** What mutations insert: markup and reference characters, stray tags and entities, a control character. */
export const MUTATION_PIECES: readonly string[] = [
  ..."<>/&\"'=: ",
  "</a>",
  "<a>",
  "&amp;",
  "&#1;",
  "\u0001",
  "]]>",
  "<ext:UBLExtensions>",
  "</ext:UBLExtensions>",
];

/**
 * `xml` after one to three random edits (`random` gives numbers in [0, 1), seeded by the test so a failure
 * replays): a few characters cut, one of `pieces` inserted, or 20 characters of the text copied elsewhere.
 */
export function mutatedXml(xml: string, random: () => number, pieces: readonly string[]): string {
  let text = xml;
  for (let edits = 1 + Math.floor(random() * 3); edits > 0; edits--) {
    const at = Math.floor(random() * text.length);
    const kind = random();
    if (kind < 0.4) text = text.slice(0, at) + text.slice(at + 1 + Math.floor(random() * 3));
    else if (kind < 0.8)
      text = text.slice(0, at) + pieces[Math.floor(random() * pieces.length)] + text.slice(at);
    else {
      const from = Math.floor(random() * text.length);
      text = text.slice(0, at) + text.slice(from, from + 20) + text.slice(at);
    }
  }
  return text;
}

/** The tree, or the error thrown (fast-xml-parser throws on names it refuses and on deep nesting). */
export function parseOutcome(read: (xml: string) => unknown, xml: string): unknown {
  try {
    return read(xml);
  } catch (error) {
    return { threw: String(error) };
  }
}

/**
 * Expects `parseXml` (and `parseXmlWithoutExtensions`) to give fast-xml-parser's own tree, key order included
 * (readers walk children with Object.entries), or the same refusal.
 */
export function expectSameAsReference(xml: string): void {
  for (const withoutExtensions of [false, true]) {
    const expected = parseOutcome((x) => referenceParseXml(x, { withoutExtensions }), xml);
    const actual = parseOutcome(withoutExtensions ? parseXmlWithoutExtensions : parseXml, xml);
    expect(actual, xml.slice(0, 200)).toStrictEqual(expected);
    expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
  }
}
