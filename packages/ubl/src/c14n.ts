/**
 * Inclusive Canonical XML 1.0 without comments (http://www.w3.org/TR/2001/REC-xml-c14n-20010315) for the subset
 * of XML this package writes: elements, attributes, namespace declarations and text, with the five predefined
 * entities and character references. Anything outside that subset (comments, processing instructions, CDATA,
 * a DOCTYPE, other entities, non-ASCII names, `xmlns:xml`, namespace names that are not absolute URIs or hold `&`
 * (libxml2 refuses the former and mis-escapes the latter), an XML version other than 1.0
 * or an encoding other than UTF-8) throws {@link C14nError} instead of being canonicalized approximately.
 *
 * The input is read the way an XML parser reads it (line ends normalized to LF, literal whitespace in attribute
 * values normalized to spaces, references replaced), then written in canonical form: no XML declaration,
 * start and end tag for every element, namespace declarations first (sorted by prefix, default first) and only
 * where they change the binding the output parent rendered, then attributes sorted by namespace URI and local
 * name, text escaping `& < > CR`, attribute escaping `& < " TAB LF CR`.
 *
 * A `context` canonicalizes a subtree as a document subset whose ancestors are not in the node-set (the
 * `SignedInfo` case): the apex element renders every namespace in scope and inherits the ancestors' `xml:*`
 * attributes, as inclusive C14N 1.0 requires.
 */
import { invalidXmlCharAt } from "@einvoice/domain";
import { SigningError } from "./signing-error.js";

export type C14nErrorCode =
  /** `<!-- -->`: a signer that discards comments would sign a different node-set than the input shows. */
  | "comment"
  | "processing-instruction"
  | "cdata"
  | "doctype"
  /** An XML declaration other than version 1.0 with UTF-8 encoding, or one not at the very start. */
  | "xml-declaration"
  /** A named entity other than amp, lt, gt, quot and apos (there is no DTD to declare one). */
  | "entity"
  /** A name outside `[A-Za-z_][A-Za-z0-9._-]*` (optionally prefixed). */
  | "name"
  /** An undeclared prefix, `xmlns:p=""`, a declaration of `xml`/`xmlns`, or a namespace name not an absolute URI (or with `&`). */
  | "namespace"
  /** Not well-formed XML. */
  | "malformed";

/**
 * The input holds something the canonicalizer does not support or is not well-formed. A {@link SigningError},
 * so callers of an `XmlSigner` see the same error type as from xml-crypto.
 */
export class C14nError extends SigningError {
  constructor(
    readonly code: C14nErrorCode,
    readonly offset: number,
    message: string,
  ) {
    super(`C14N ${code} at offset ${offset}: ${message}`);
  }
}

export const XML_NAMESPACE = "http://www.w3.org/XML/1998/namespace";
const XMLNS_NAMESPACE = "http://www.w3.org/2000/xmlns/";

/** What the ancestors of a canonicalized subtree contribute to it. */
export interface C14nContext {
  /** In-scope namespace bindings, prefix (`""` for the default namespace) → URI; `""` URI = undeclared default. */
  readonly namespaces: ReadonlyMap<string, string>;
  /** In-scope `xml:*` attributes (local name → value), the nearest ancestor's winning. */
  readonly xmlAttributes: ReadonlyMap<string, string>;
}

const EMPTY_CONTEXT: C14nContext = { namespaces: new Map(), xmlAttributes: new Map() };

/** Where an element located by {@link C14nOptions.locate} sits in the input, and what is in scope there. */
export interface LocatedElement {
  readonly qname: string;
  /** Offset of the `<` of its start tag. */
  readonly startTag: number;
  /** Offset of the `/` of `/>` when the element is written as an empty-element tag, otherwise -1. */
  readonly emptyTagSlash: number;
  /** Offset of the `</` of its end tag; -1 for an empty-element tag. */
  readonly endTag: number;
  /** Namespaces and `xml:*` attributes in scope on the element (its own included): the context of a child. */
  readonly scope: C14nContext;
}

export interface C14nOptions {
  context?: C14nContext;
  /**
   * Local names from the root's children down (`["UBLExtensions", "UBLExtension", "ExtensionContent"]`): the
   * first element in document order on that path is reported as {@link C14nResult.located}, like the XPath
   * `/*\/*[local-name()='a']/*[local-name()='b']…`.
   */
  locate?: readonly string[];
  /**
   * Leaves the located element, its subtree included, out of the canonical form: the enveloped-signature
   * transform, when `locate` points at the signature (the rest of the document is canonicalized as without it).
   */
  omitLocated?: boolean;
  /** Called for every element; may throw to refuse the document. */
  onElement?: (namespaceURI: string, localName: string, depth: number) => void;
}

export interface C14nResult {
  canonical: string;
  located?: LocatedElement;
}

interface Frame {
  qname: string;
  namespaces: ReadonlyMap<string, string>;
  xmlAttributes: ReadonlyMap<string, string>;
  onPath: boolean;
  /** Set on the element {@link C14nOptions.locate} asked for, until its end tag gives its position. */
  locatedScope?: C14nContext;
  /** Offset of that element's `<`, and the output length before it (where `omitLocated` cuts back to). */
  locatedStart?: number;
  outputBefore?: number;
}

interface Attribute {
  qname: string;
  namespaceURI: string;
  localName: string;
  value: string;
}

const NAME = "[A-Za-z_][A-Za-z0-9._-]*";
const START_TAG = new RegExp(`<(?:(${NAME}):)?(${NAME})`, "y");
const ATTRIBUTE = new RegExp(
  `[ \\t\\r\\n]+(?:(${NAME}):)?(${NAME})[ \\t\\r\\n]*=[ \\t\\r\\n]*(?:"([^"<]*)"|'([^'<]*)')`,
  "y",
);
const TAG_CLOSE = /[ \t\r\n]*(\/?)>/y;
const END_TAG = new RegExp(`</((?:${NAME}:)?${NAME})[ \\t\\r\\n]*>`, "y");
/** Something name-like but outside the supported name pattern: reported as `name`, not `malformed`. */
const FOREIGN_NAME = /[ \t\r\n]*<?\/?[^ \t\r\n=/>"'<]*[\u0080-\uffff]/y;
const WHITESPACE = /^[ \t\r\n]*$/;
const XML_DECLARATION =
  /^<\?xml[ \t\r\n]+version[ \t\r\n]*=[ \t\r\n]*(["'])1\.0\1(?:[ \t\r\n]+encoding[ \t\r\n]*=[ \t\r\n]*(["'])([A-Za-z][A-Za-z0-9._-]*)\2)?(?:[ \t\r\n]+standalone[ \t\r\n]*=[ \t\r\n]*(["'])(?:yes|no)\4)?[ \t\r\n]*\?>/;
/**
 * An absolute URI of RFC 3986 characters except `&`. libxml2 (xmlsec1) refuses to canonicalize a document whose
 * namespace URI it cannot parse or is relative, and writes a namespace URI's `&` unescaped where C14N says
 * `&amp;`; implementations disagree there, so such a document is refused here rather than signed.
 */
const ABSOLUTE_URI = /^[A-Za-z][A-Za-z0-9+.-]*:(?:[A-Za-z0-9\-._~:/?#[\]@!$'()*+,;=]|%[0-9A-Fa-f]{2})*$/;

const REFERENCE = "&(?:#x([0-9A-Fa-f]+)|#([0-9]+)|([A-Za-z][A-Za-z0-9._-]*));|&";
/** Raw text: references, line ends and `>` are what differs from the canonical form. */
const TEXT_SPECIAL = new RegExp(`${REFERENCE}|\\r\\n?|>`, "g");
const TEXT_NEEDS_WORK = /[&\r>]/;
/** Raw attribute value: references, and line ends and literal TAB/LF (each normalized to one space). */
const ATTR_SPECIAL = new RegExp(`${REFERENCE}|\\r\\n?|[\\t\\n]`, "g");
const ATTR_NEEDS_WORK = /[&\r\t\n]/;
const ATTR_NEEDS_ESCAPE = /[&<"\t\n\r]/;

const PREDEFINED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const TEXT_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", "\r": "&#xD;" };
const ATTR_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  '"': "&quot;",
  "\t": "&#x9;",
  "\n": "&#xA;",
  "\r": "&#xD;",
};

export const escapeText = (value: string): string => value.replace(/[&<>\r]/g, (c) => TEXT_ESCAPES[c]!);
export const escapeAttribute = (value: string): string =>
  ATTR_NEEDS_ESCAPE.test(value) ? value.replace(/[&<"\t\n\r]/g, (c) => ATTR_ESCAPES[c]!) : value;

const isXmlCodePoint = (cp: number): boolean =>
  cp === 0x9 ||
  cp === 0xa ||
  cp === 0xd ||
  (cp >= 0x20 && cp <= 0xd7ff) ||
  (cp >= 0xe000 && cp <= 0xfffd) ||
  (cp >= 0x10000 && cp <= 0x10ffff);

const resolveReference = (
  match: string,
  hex: string | undefined,
  dec: string | undefined,
  name: string | undefined,
  offset: number,
): string => {
  if (hex !== undefined || dec !== undefined) {
    const cp = hex !== undefined ? Number.parseInt(hex, 16) : Number.parseInt(dec!, 10);
    if (!isXmlCodePoint(cp)) throw new C14nError("malformed", offset, `${match} is not an XML character`);
    return String.fromCodePoint(cp);
  }
  if (name === undefined) throw new C14nError("malformed", offset, "a bare & is not well-formed");
  const value = PREDEFINED[name];
  if (value === undefined) throw new C14nError("entity", offset, `undeclared entity &${name};`);
  return value;
};

/** Canonical form of raw character data starting at `offset` of the input. */
const canonicalText = (raw: string, offset: number): string => {
  if (!TEXT_NEEDS_WORK.test(raw)) return raw;
  if (raw.includes("]]>")) throw new C14nError("malformed", offset + raw.indexOf("]]>"), "]]> in text");
  return raw.replace(TEXT_SPECIAL, (match, hex, dec, name, at: number) => {
    if (match === ">") return "&gt;";
    if (match[0] === "\r") return "\n";
    return escapeText(resolveReference(match, hex, dec, name, offset + at));
  });
};

/** The value an XML parser reports for a raw (CDATA-typed) attribute value. */
const attributeValue = (raw: string, offset: number): string => {
  if (!ATTR_NEEDS_WORK.test(raw)) return raw;
  return raw.replace(ATTR_SPECIAL, (match, hex, dec, name, at: number) => {
    if (match[0] !== "&") return " ";
    return resolveReference(match, hex, dec, name, offset + at);
  });
};

/** Code-point order (C14N sorts by UCS code point; UTF-16 order differs only above U+FFFF vs U+E000–U+FFFF). */
const compareCodePoints = (a: string, b: string): number => {
  if (a === b) return 0;
  const len = Math.min(a.length, b.length);
  for (let i = 0; i < len; i++) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(i)!;
    if (x !== y) return x - y;
    if (x > 0xffff) i++;
  }
  return a.length - b.length;
};

const compareAttributes = (a: Attribute, b: Attribute): number =>
  compareCodePoints(a.namespaceURI, b.namespaceURI) || compareCodePoints(a.localName, b.localName);

const unsupportedMarkup = (xml: string, at: number): C14nError => {
  if (xml.startsWith("<!--", at)) return new C14nError("comment", at, "comments are not supported");
  if (xml.startsWith("<![CDATA[", at)) return new C14nError("cdata", at, "CDATA sections are not supported");
  if (xml.startsWith("<!DOCTYPE", at)) return new C14nError("doctype", at, "a DOCTYPE is not supported");
  if (xml.startsWith("<?xml", at) && /^<\?xml[ \t\r\n?]/.test(xml.slice(at, at + 6))) {
    return new C14nError("xml-declaration", at, "an XML declaration is only supported at the start");
  }
  if (xml.startsWith("<?", at)) {
    return new C14nError("processing-instruction", at, "processing instructions are not supported");
  }
  return new C14nError("malformed", at, "unexpected markup");
};

const badName = (xml: string, at: number, what: string): C14nError => {
  FOREIGN_NAME.lastIndex = at;
  if (FOREIGN_NAME.test(xml)) return new C14nError("name", at, `unsupported ${what} name`);
  return new C14nError("malformed", at, `bad ${what}`);
};

/** Length of the XML declaration at the start of `xml` (0 if none); refuses a version or encoding we do not read. */
const xmlDeclarationLength = (xml: string): number => {
  if (!xml.startsWith("<?xml")) return 0;
  const match = XML_DECLARATION.exec(xml);
  if (!match) {
    if (!/^<\?xml[ \t\r\n?]/.test(xml)) return 0; // `<?xml-stylesheet …?>`: a processing instruction.
    throw new C14nError("xml-declaration", 0, "only version 1.0 is supported");
  }
  const encoding = match[3];
  if (encoding !== undefined && encoding.toUpperCase() !== "UTF-8") {
    throw new C14nError("xml-declaration", 0, `encoding ${encoding} is not supported (UTF-8 only)`);
  }
  return match[0].length;
};

/**
 * Canonicalizes `xml` (a whole document, or with `options.context` a subtree whose ancestors lie outside the
 * node-set). Returns the canonical string; encode it as UTF-8 to digest or sign it.
 */
export const canonicalize = (xml: string, options: C14nOptions = {}): C14nResult => {
  const bad = invalidXmlCharAt(xml);
  if (bad >= 0) throw new C14nError("malformed", bad, "a character XML 1.0 cannot carry");
  const context = options.context ?? EMPTY_CONTEXT;
  const locate = options.locate;
  const stack: Frame[] = [];
  let out = "";
  let located: LocatedElement | undefined;
  let rootDone = false;
  let pos = xmlDeclarationLength(xml);

  while (pos < xml.length) {
    const lt = xml.indexOf("<", pos);
    const textEnd = lt === -1 ? xml.length : lt;
    if (textEnd > pos) {
      const raw = xml.slice(pos, textEnd);
      if (stack.length > 0) out += canonicalText(raw, pos);
      else if (!WHITESPACE.test(raw)) throw new C14nError("malformed", pos, "text outside the root element");
      pos = textEnd;
      if (lt === -1) break;
    }
    const next = xml.charCodeAt(lt + 1);

    if (next === 0x2f /* / */) {
      END_TAG.lastIndex = lt;
      const end = END_TAG.exec(xml);
      if (!end) throw badName(xml, lt, "end tag");
      const frame = stack.pop();
      if (!frame || frame.qname !== end[1]) {
        throw new C14nError("malformed", lt, `</${end[1]}> does not close <${frame?.qname ?? "(none)"}>`);
      }
      if (frame.locatedScope) {
        located = {
          qname: frame.qname,
          startTag: frame.locatedStart!,
          emptyTagSlash: -1,
          endTag: lt,
          scope: frame.locatedScope,
        };
      }
      if (frame.locatedScope && options.omitLocated) out = out.slice(0, frame.outputBefore);
      else out += `</${frame.qname}>`;
      if (stack.length === 0) rootDone = true;
      pos = END_TAG.lastIndex;
      continue;
    }
    if (next === 0x21 /* ! */ || next === 0x3f /* ? */) throw unsupportedMarkup(xml, lt);
    if (rootDone) throw new C14nError("malformed", lt, "a second root element");

    START_TAG.lastIndex = lt;
    const start = START_TAG.exec(xml);
    if (!start) throw badName(xml, lt, "element");
    const prefix = start[1] ?? "";
    const localName = start[2]!;
    const qname = start[0].slice(1);
    pos = START_TAG.lastIndex;

    // Attributes and namespace declarations, up to `>` or `/>`.
    const declarations: [string, string][] = [];
    const attributes: { prefix: string; localName: string; qname: string; value: string; at: number }[] = [];
    let emptyTag = false;
    for (;;) {
      TAG_CLOSE.lastIndex = pos;
      const close = TAG_CLOSE.exec(xml);
      if (close) {
        emptyTag = close[1] === "/";
        pos = TAG_CLOSE.lastIndex;
        break;
      }
      ATTRIBUTE.lastIndex = pos;
      const attr = ATTRIBUTE.exec(xml);
      if (!attr) throw badName(xml, pos, "attribute");
      const attrPrefix = attr[1] ?? "";
      const attrLocal = attr[2]!;
      const rawValue = attr[3] ?? attr[4]!;
      const valueAt = ATTRIBUTE.lastIndex - rawValue.length - 1;
      const value = attributeValue(rawValue, valueAt);
      if (attrPrefix === "xmlns" || (attrPrefix === "" && attrLocal === "xmlns")) {
        const declared = attrPrefix === "" ? "" : attrLocal;
        if (declarations.some(([p]) => p === declared)) {
          throw new C14nError("malformed", pos, `namespace ${declared || "(default)"} declared twice`);
        }
        declarations.push([declared, value]);
      } else {
        const attrQname = attrPrefix ? `${attrPrefix}:${attrLocal}` : attrLocal;
        attributes.push({ prefix: attrPrefix, localName: attrLocal, qname: attrQname, value, at: pos });
      }
      pos = ATTRIBUTE.lastIndex;
    }

    const parent = stack[stack.length - 1];
    const apex = parent === undefined;
    const parentNamespaces = parent?.namespaces ?? context.namespaces;
    let namespaces = parentNamespaces;
    if (declarations.length > 0) {
      const own = new Map(parentNamespaces);
      for (const [p, uri] of declarations) {
        if (p === "xml" || p === "xmlns" || uri === XML_NAMESPACE || uri === XMLNS_NAMESPACE) {
          throw new C14nError("namespace", lt, `declaring ${p || "the default namespace"} as ${uri}`);
        }
        if (uri === "" && p !== "") throw new C14nError("namespace", lt, `xmlns:${p}="" is not XML 1.0`);
        if (uri !== "" && !ABSOLUTE_URI.test(uri)) {
          throw new C14nError("namespace", lt, `not an absolute URI: ${JSON.stringify(uri)}`);
        }
        own.set(p, uri);
      }
      namespaces = own;
    }

    let namespaceURI: string;
    if (prefix === "") namespaceURI = namespaces.get("") ?? "";
    else {
      const bound = prefix === "xmlns" || prefix === "xml" ? undefined : namespaces.get(prefix);
      if (!bound) throw new C14nError("namespace", lt, `element prefix ${prefix} is not declared`);
      namespaceURI = bound;
    }
    options.onElement?.(namespaceURI, localName, stack.length);

    // Attributes: resolve, refuse duplicates, collect xml:* for the subtree's scope.
    const resolved: Attribute[] = [];
    const inheritedXml = parent?.xmlAttributes ?? context.xmlAttributes;
    let ownXml: Map<string, string> | undefined;
    for (const a of attributes) {
      let uri = "";
      if (a.prefix === "xml") uri = XML_NAMESPACE;
      else if (a.prefix !== "") {
        const bound = namespaces.get(a.prefix);
        if (!bound) {
          throw new C14nError("namespace", a.at, `attribute prefix ${a.prefix} is not declared`);
        }
        uri = bound;
      }
      if (
        resolved.some((r) => r.qname === a.qname || (r.namespaceURI === uri && r.localName === a.localName))
      ) {
        throw new C14nError("malformed", a.at, `attribute ${a.qname} appears twice`);
      }
      resolved.push({ qname: a.qname, namespaceURI: uri, localName: a.localName, value: a.value });
      if (uri === XML_NAMESPACE) {
        ownXml ??= new Map(inheritedXml);
        ownXml.set(a.localName, a.value);
      }
    }
    const xmlAttributes: ReadonlyMap<string, string> = ownXml ?? inheritedXml;

    // Namespace nodes to render: those whose value differs from what the output parent rendered. The apex
    // has no output parent, so it renders every binding in scope (an empty default renders nothing).
    const rendered: [string, string][] = [];
    if (apex) {
      for (const [p, uri] of namespaces) if (uri !== "") rendered.push([p, uri]);
    } else {
      for (const [p, uri] of declarations)
        if ((parentNamespaces.get(p) ?? "") !== uri) rendered.push([p, uri]);
    }
    // The apex inherits the ancestors' xml:* attributes it does not carry itself.
    if (apex) {
      for (const [local, value] of context.xmlAttributes) {
        if (!resolved.some((r) => r.namespaceURI === XML_NAMESPACE && r.localName === local)) {
          resolved.push({ qname: `xml:${local}`, namespaceURI: XML_NAMESPACE, localName: local, value });
        }
      }
    }

    const outputBefore = out.length;
    out += `<${qname}`;
    if (rendered.length > 1) rendered.sort((a, b) => compareCodePoints(a[0], b[0]));
    for (const [p, uri] of rendered)
      out += p === "" ? ` xmlns="${escapeAttribute(uri)}"` : ` xmlns:${p}="${escapeAttribute(uri)}"`;
    if (resolved.length > 1) resolved.sort(compareAttributes);
    for (const a of resolved) out += ` ${a.qname}="${escapeAttribute(a.value)}"`;
    out += ">";

    const depth = stack.length;
    const onPath =
      locate !== undefined &&
      (apex || (parent.onPath && depth <= locate.length && locate[depth - 1] === localName));
    const isTarget = onPath && depth === locate!.length && !located;
    if (isTarget && emptyTag) {
      located = {
        qname,
        startTag: lt,
        emptyTagSlash: pos - 2,
        endTag: -1,
        scope: { namespaces, xmlAttributes },
      };
    }
    if (emptyTag) {
      if (isTarget && options.omitLocated) out = out.slice(0, outputBefore);
      else out += `</${qname}>`;
      if (apex) rootDone = true;
    } else {
      const frame: Frame = { qname, namespaces, xmlAttributes, onPath };
      if (isTarget)
        Object.assign(frame, { locatedScope: { namespaces, xmlAttributes }, locatedStart: lt, outputBefore });
      stack.push(frame);
    }
  }

  if (stack.length > 0)
    throw new C14nError("malformed", xml.length, `<${stack.at(-1)!.qname}> is not closed`);
  if (!rootDone) throw new C14nError("malformed", 0, "no root element");
  return located ? { canonical: out, located } : { canonical: out };
};
