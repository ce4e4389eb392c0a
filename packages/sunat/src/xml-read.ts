import { XMLParser, XMLValidator } from "fast-xml-parser";
import { leanParse } from "./lean-xml.js";
import type { XmlNode } from "./xml-node.js";

/** How fast-xml-parser reads our XML (the tests' reference parser reads with the same). */
export const FAST_XML_PARSER_OPTIONS = {
  // SUNAT, OSEs and our peers use every prefix imaginable (ar:, ns4:, default namespace,
  // soap-env:, S:), so element names are matched without prefix.
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  // Codes like "0111" and tickets must stay strings.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // No callback of ours reads the tag path: without this, every tag's path is joined into a string for them
  // (a fifth of the parse).
  jPath: false,
} as const;

/** A parser that decodes HTML entities, and one for text without any entity reference. */
interface ParserPair {
  entities: XMLParser;
  plain: XMLParser;
}

function parserPair(stopNodes: string[]): ParserPair {
  return {
    // Real CDRs carry numeric references (N&#250;mero).
    entities: new XMLParser({ ...FAST_XML_PARSER_OPTIONS, htmlEntities: true, stopNodes }),
    plain: new XMLParser({ ...FAST_XML_PARSER_OPTIONS, htmlEntities: false, stopNodes }),
  };
}

const WHOLE = parserPair([]);
/** UBLExtensions (the signature and other extension content) kept as raw text, not parsed. */
/** The element `parseXmlWithoutExtensions` keeps as raw text. */
export const EXTENSIONS = "UBLExtensions";
const WITHOUT_EXTENSIONS = parserPair([`*.${EXTENSIONS}`]);

/**
 * Each parse builds its own entity decoder, and with HTML entities on that copies the whole HTML entity table,
 * which costs more than parsing a SOAP answer. Entities only ever apply at an `&`, so a text without
 * one parses to exactly the same tree with the plain parser.
 */
function parseWith(pair: ParserPair, xml: string): XmlNode | undefined {
  if (xmlSyntaxError(xml) !== undefined) return undefined;
  return (xml.includes("&") ? pair.entities : pair.plain).parse(xml) as XmlNode;
}

/**
 * Decodes XML bytes honouring the declared encoding: SUNAT CDRs are often ISO-8859-1
 * ("Comunicación" as a single 0xF3 byte), our documents UTF-8.
 */
export function decodeXml(data: Uint8Array | string): string {
  if (typeof data === "string") return data;
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const head = buf.subarray(0, 200).toString("latin1");
  const declared = /^\s*<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/i.exec(head)?.[1]?.toLowerCase();
  if (declared && /^(iso-8859-1|latin1|iso_8859-1|windows-1252|cp1252)$/.test(declared)) {
    return buf.toString("latin1");
  }
  const text = buf.toString("utf8");
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Returns the reason the text is not well-formed XML, or undefined when it is. */
export function xmlSyntaxError(xml: string): string | undefined {
  const result = XMLValidator.validate(xml);
  return result === true ? undefined : `${result.err.msg} (line ${result.err.line})`;
}

/** fast-xml-parser normalizes line ends before it parses; the one-pass reader expects them normalized. */
function normalizedLineEnds(xml: string): string {
  return xml.includes("\r") ? xml.replace(/\r\n?/g, "\n") : xml;
}

/**
 * Parses XML that must be well formed; returns undefined otherwise so callers pick the error. Plain XML is read
 * in one pass by lean-xml.ts, anything else by fast-xml-parser: the same tree either way.
 */
export function parseXml(xml: string): XmlNode | undefined {
  return leanParse(normalizedLineEnds(xml)) ?? parseWith(WHOLE, xml);
}

/**
 * Like parseXml, but every `UBLExtensions` element is left as its raw text: for readers that never look inside
 * it (a signed CDR's signature is most of its elements). The whole text is still checked to be well formed.
 */
export function parseXmlWithoutExtensions(xml: string): XmlNode | undefined {
  return leanParse(normalizedLineEnds(xml), EXTENSIONS) ?? parseWith(WITHOUT_EXTENSIONS, xml);
}

export function isNode(value: unknown): value is XmlNode {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** First child element with that local name (repeated elements parse as arrays). */
export function child(node: unknown, name: string): XmlNode | undefined {
  if (!isNode(node)) return undefined;
  const value = node[name];
  const first = Array.isArray(value) ? value[0] : value;
  if (isNode(first)) return first;
  // An element with text only parses as a string: wrap it so text() still works.
  if (typeof first === "string") return { "#text": first };
  return first === "" ? {} : undefined;
}

/** All child elements with that local name. */
export function children(node: unknown, name: string): XmlNode[] {
  if (!isNode(node)) return [];
  const value = node[name];
  if (value === undefined) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.map((item) => (isNode(item) ? item : { "#text": typeof item === "string" ? item : "" }));
}

/** Text content of a node (or of a path of child names below it), trimmed; undefined if absent. */
export function text(node: unknown, ...path: string[]): string | undefined {
  let current: unknown = node;
  for (const name of path) {
    current = child(current, name);
    if (current === undefined) return undefined;
  }
  if (typeof current === "string") return current.trim();
  if (!isNode(current)) return undefined;
  const value = current["#text"];
  if (value === undefined) return "";
  return String(value).trim();
}

/** Attribute value of a node. */
export function attr(node: unknown, name: string): string | undefined {
  if (!isNode(node)) return undefined;
  const value = node[`@_${name}`];
  return value === undefined ? undefined : String(value);
}

/** The single element child of a node, with its local name (e.g. the operation inside soap:Body). */
export function firstElement(node: unknown): { name: string; node: XmlNode } | undefined {
  if (!isNode(node)) return undefined;
  for (const [name, value] of Object.entries(node)) {
    if (name.startsWith("@_") || name.startsWith("?") || name === "#text") continue;
    const first = Array.isArray(value) ? value[0] : value;
    return { name, node: isNode(first) ? first : { "#text": typeof first === "string" ? first : "" } };
  }
  return undefined;
}
