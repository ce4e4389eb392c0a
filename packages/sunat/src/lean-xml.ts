import type { XmlNode } from "./xml-node.js";

/**
 * The one-pass reader behind `parseXml` and `parseXmlWithoutExtensions` (xml-read.ts): it checks and builds, in
 * one pass, exactly the tree fast-xml-parser's well-formedness check and parse return, for the plain XML that
 * signed UBL documents, CDRs and SOAP messages are made of: an optional XML declaration at the very start,
 * elements with ASCII names (at most one prefix), quoted attributes, text, and the five predefined entities.
 * For anything else (comments, processing instructions, CDATA, a DOCTYPE, character references or other
 * entities, `>` or control characters in text, duplicate attributes, deep nesting, names that shadow
 * Object.prototype…) and anything not well formed it returns undefined, and the caller hands the text to
 * fast-xml-parser, so malformed XML is still refused by it and the tree is the same object either way (held
 * against fast-xml-parser in lean-xml.test.ts, on every fixture and on mutated ones).
 *
 * Why: validate + parse through fast-xml-parser was a third of the simulator's CPU per sendBill and a tenth of
 * submission's (its CDR and SOAP answer reads).
 */

const NAME = "([A-Za-z_][A-Za-z0-9._-]*)(?::([A-Za-z_][A-Za-z0-9._-]*))?";
const START_NAME = new RegExp(NAME, "y");
/** An attribute with the whitespace before it; a value holds neither `<` nor `>` (else the slow path decides). */
const ATTRIBUTE = new RegExp(`[ \\t\\n]+${NAME}[ \\t\\n]*=[ \\t\\n]*(?:"([^"<>]*)"|'([^'<>]*)')`, "y");
const TAG_CLOSE = /[ \t\n]*(\/?)>/y;
const DECLARATION_CLOSE = /[ \t\n]*\?>/y;
const END_TAG_REST = /[ \t\n]*>/y;
/** Characters the fast path leaves to the slow one: `>`, C0 controls but TAB/LF/CR, U+FFFE and U+FFFF. */
const UNUSUAL = /[^\t\n\r\x20-\x3d\x3f-\ufffd]/;
const REFERENCE = /&(?:(amp|lt|gt|quot|apos);)?/g;
const PREDEFINED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
/** fast-xml-parser refuses nesting deeper than 100; such documents take the slow path. */
const MAX_DEPTH = 90;
const PROTOTYPE_NAMES: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

interface Frame {
  qname: string;
  /** Where a stop node's raw content starts (after its start tag); -1 for other elements. */
  rawFrom: number;
  name: string;
  /** Children by local name (arrays when repeated), in order of first appearance, as fast-xml-parser builds them. */
  object: XmlNode;
  /** The element's trimmed, non-empty text pieces joined (fast-xml-parser concatenates them). */
  text: string | undefined;
  attributes: XmlNode | undefined;
}

/**
 * The tree, or undefined when the input is outside the subset or malformed. Line ends must already be normalized
 * (`\r\n` and `\r` to `\n`, as fast-xml-parser does first). With `stopNode`, every element of that local name
 * below the root is kept as its raw inner text, as fast-xml-parser's `stopNodes: ["*.<name>"]` does (which it
 * reads as `..<name>`, yet never matches on the root): the text untrimmed and its entities undecoded, the
 * attributes read as usual. Its content is still checked like the rest, as fast-xml-parser's validator does.
 */
export function leanParse(xml: string, stopNode?: string): XmlNode | undefined {
  const root: XmlNode = {};
  let at = 0;
  if (xml.startsWith("<?xml")) {
    const attributes = readAttributes(xml, 5);
    if (!attributes || attributes.values === undefined) return undefined;
    DECLARATION_CLOSE.lastIndex = attributes.end;
    if (!DECLARATION_CLOSE.test(xml)) return undefined;
    root["?xml"] = attributes.values;
    at = DECLARATION_CLOSE.lastIndex;
  }
  const stack: Frame[] = [];
  /** Inside a stop node: its content is checked, its tree dropped (nested ones are part of its text). */
  let inStopNode = false;
  let rootDone = false;
  const length = xml.length;
  while (at < length) {
    const lt = xml.indexOf("<", at);
    const textEnd = lt < 0 ? length : lt;
    if (textEnd > at) {
      const raw = xml.slice(at, textEnd);
      const frame = stack[stack.length - 1];
      if (!frame) {
        // Only whitespace may stand outside the root element.
        if (/[^ \t\n]/.test(raw)) return undefined;
      } else {
        const piece = textValue(raw);
        if (piece === undefined) return undefined;
        if (piece !== "") frame.text = frame.text === undefined ? piece : frame.text + piece;
      }
    }
    if (lt < 0) break;
    const next = xml.charCodeAt(lt + 1);
    if (next === 47 /* / */) {
      const frame = stack.pop();
      if (!frame) return undefined;
      const qname = frame.qname;
      if (xml.startsWith(qname, lt + 2) === false) return undefined;
      END_TAG_REST.lastIndex = lt + 2 + qname.length;
      if (!END_TAG_REST.test(xml)) return undefined;
      if (frame.rawFrom >= 0) {
        const raw = xml.slice(frame.rawFrom, lt);
        frame.text = raw === "" ? undefined : raw;
        frame.object = {};
        inStopNode = false;
      }
      at = END_TAG_REST.lastIndex;
      close(frame, stack[stack.length - 1]?.object ?? root);
      if (stack.length === 0) rootDone = true;
      continue;
    }
    // A start tag; comments, PIs, CDATA and DOCTYPE fail the name and go to the slow path.
    if (rootDone || stack.length >= MAX_DEPTH) return undefined;
    START_NAME.lastIndex = lt + 1;
    const name = START_NAME.exec(xml);
    if (!name) return undefined;
    if (name[2] !== undefined && name[1] === "xmlns") return undefined;
    const local = name[2] ?? name[1]!;
    if (unsafeName(local)) return undefined;
    // Most elements have no attributes: a `>` right after the name spares the attribute scan.
    const attributes =
      xml.charCodeAt(START_NAME.lastIndex) === 62 /* > */
        ? { values: undefined, end: START_NAME.lastIndex }
        : readAttributes(xml, START_NAME.lastIndex);
    if (!attributes) return undefined;
    TAG_CLOSE.lastIndex = attributes.end;
    const tagClose = TAG_CLOSE.exec(xml);
    if (!tagClose) return undefined;
    at = TAG_CLOSE.lastIndex;
    const frame: Frame = {
      qname: name[0],
      rawFrom: -1,
      name: local,
      object: {},
      text: undefined,
      attributes: attributes.values,
    };
    if (tagClose[1] === "/") {
      close(frame, stack[stack.length - 1]?.object ?? root);
      if (stack.length === 0) rootDone = true;
    } else {
      // A self-closed stop node reads as an empty element either way.
      if (local === stopNode && !inStopNode && stack.length > 0) {
        frame.rawFrom = at;
        inStopNode = true;
      }
      stack.push(frame);
    }
  }
  return rootDone && stack.length === 0 ? root : undefined;
}

/**
 * The attributes from `from` on: `values` keyed `@_<local name>` in document order, namespace declarations left
 * out (undefined when none is left, as fast-xml-parser leaves the element without attributes); undefined when an
 * attribute is malformed, repeated (also by local name), or its value holds an unusual character or entity.
 */
function readAttributes(xml: string, from: number): { values: XmlNode | undefined; end: number } | undefined {
  let values: XmlNode | undefined;
  let seen: string[] | undefined;
  let at = from;
  for (;;) {
    ATTRIBUTE.lastIndex = at;
    const match = ATTRIBUTE.exec(xml);
    if (!match) return { values, end: at };
    at = ATTRIBUTE.lastIndex;
    const first = match[1]!;
    const second = match[2];
    const local = second ?? first;
    const qname = second === undefined ? first : `${first}:${second}`;
    seen ??= [];
    // fast-xml-parser keys attributes `@_<name>`, which no prototype property shadows: no name check here.
    if (seen.includes(qname)) return undefined;
    seen.push(qname);
    if (first === "xmlns") continue;
    const key = `@_${local}`;
    // Two attributes of one local name (a:x, b:x) would collapse into one key: the slow path decides.
    if (values && key in values) return undefined;
    const value = textValue(match[3] ?? match[4]!);
    if (value === undefined) return undefined;
    values ??= {};
    values[key] = value;
  }
}

/** Trimmed text with the predefined entities replaced; undefined for anything the fast path leaves alone. */
function textValue(raw: string): string | undefined {
  const trimmed = raw.trim();
  if (UNUSUAL.test(trimmed)) return undefined;
  if (!trimmed.includes("&")) return trimmed;
  let failed = false;
  const value = trimmed.replace(REFERENCE, (_, entity: string | undefined) => {
    if (entity === undefined) failed = true;
    return entity === undefined ? "" : PREDEFINED[entity]!;
  });
  return failed ? undefined : value;
}

/** Element names fast-xml-parser renames or refuses (its prototype pollution guards), and Object.prototype's. */
function unsafeName(name: string): boolean {
  return (name.charCodeAt(0) === 95 && name.charCodeAt(1) === 95) || PROTOTYPE_NAMES.has(name);
}

/** Folds a finished element into its parent the way fast-xml-parser's compress step does. */
function close(frame: Frame, parent: XmlNode): void {
  let value: unknown = frame.object;
  const { object, text, attributes } = frame;
  if (text !== undefined) object["#text"] = text;
  if (attributes) {
    Object.assign(object, attributes);
  } else {
    const keys = Object.keys(object).length;
    if (keys === 1 && text !== undefined) value = text;
    else if (keys === 0) value = "";
  }
  const existing = Object.hasOwn(parent, frame.name) ? parent[frame.name] : undefined;
  if (existing === undefined) parent[frame.name] = value;
  else if (Array.isArray(existing)) existing.push(value);
  else parent[frame.name] = [existing, value];
}
