import { XMLParser, XMLValidator } from "fast-xml-parser";
import { leanParse } from "../src/lean-xml.js";

/**
 * fast-xml-parser alone, as `parseXml` / `parseXmlWithoutExtensions` read XML before the one-pass reader: the
 * reference lean-xml.ts is held to. One parser with HTML entities on for every input (xml-read.ts picks a
 * cheaper one when the text has no `&`; this one does not take that shortcut either).
 */
const OPTIONS = {
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  htmlEntities: true,
} as const;

const WHOLE = new XMLParser(OPTIONS);
const WITHOUT_EXTENSIONS = new XMLParser({ ...OPTIONS, stopNodes: ["*.UBLExtensions"] });

/** The tree fast-xml-parser returns, or undefined when its validator refuses the text. */
export function referenceParseXml(xml: string, options: { withoutExtensions?: boolean } = {}): unknown {
  if (XMLValidator.validate(xml) !== true) return undefined;
  return (options.withoutExtensions ? WITHOUT_EXTENSIONS : WHOLE).parse(xml);
}

/** Whether the one-pass reader reads the text itself (rather than handing it to fast-xml-parser). */
export function readsInOnePass(xml: string, options: { withoutExtensions?: boolean } = {}): boolean {
  const normalized = xml.replace(/\r\n?/g, "\n");
  return leanParse(normalized, options.withoutExtensions ? "UBLExtensions" : undefined) !== undefined;
}

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
