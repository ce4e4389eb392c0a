/**
 * A string-writing XML builder with the fluent subset of xmlbuilder2 the UBL builders use (`ele`, `txt`, `up`,
 * then `end`), writing the same bytes as `create({ version: "1.0", encoding: "UTF-8" })…end({ prettyPrint:
 * false })` for the documents this package builds. xmlbuilder2 builds a DOM and then serializes it; about half
 * the build + sign time per invoice went there. Here each call appends to one string, so an element can only be
 * added to an element still open: appending to an ancestor closes the open descendants (their end tags are
 * written then), and appending to an element already closed throws — a builder written for a DOM that relied
 * on going back would fail its tests rather than print a different order.
 *
 * Escaping differs from xmlbuilder2 on purpose where xmlbuilder2 alters the data (see {@link escapeText} and
 * {@link escapeAttribute}); the package's tests build every fixture with both and compare the bytes.
 */

/** The element being written; what the builders append to. */
export interface XmlNode {
  /** Appends the child element `name` with `attributes` (in their order; undefined values left out). */
  ele(name: string, attributes?: Readonly<Record<string, string>>): XmlNode;
  /** Appends text to this element. */
  txt(text: string): XmlNode;
  /** The parent element, to continue a chain. */
  up(): XmlNode;
}

/** A document with its root element; `end` returns the serialization (and closes the document). */
export interface XmlDocument {
  readonly root: XmlNode;
  end(): string;
}

/** Creates a document whose root element `name` is in the default namespace `namespace`. */
export type XmlDocumentFactory = (
  namespace: string,
  name: string,
  attributes: Readonly<Record<string, string>>,
) => XmlDocument;

const TEXT_SPECIAL = /[&<>\r]/;
const ATTRIBUTE_SPECIAL = /[&<>"\t\n\r]/;
const TEXT_ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  "\r": "&#xD;",
};
const ATTRIBUTE_ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "\t": "&#x9;",
  "\n": "&#xA;",
  "\r": "&#xD;",
};

/**
 * Text content: `&`, `<`, `>` as xmlbuilder2 writes them, and two deliberate differences that keep the value a
 * parser reads equal to the one written: every `&` is escaped (xmlbuilder2 leaves `&name;` and `&#123;` as they
 * are, so a legal name holding `&amp;` would be read back as `&`, and one holding `&copy;` makes the document
 * malformed — SUNAT 0306), and CR is written `&#xD;` (a literal CR is read back as LF). Both are the forms
 * canonical XML itself writes, so the signature covers the same text.
 */
export const escapeText = (text: string): string =>
  TEXT_SPECIAL.test(text) ? text.replace(/[&<>\r]/g, (c) => TEXT_ESCAPES[c]!) : text;

/**
 * Attribute values: `&`, `<`, `>`, `"` as xmlbuilder2 writes them, every `&` escaped (see {@link escapeText}),
 * and TAB, LF, CR as character references — written literally, a parser's attribute-value normalization reads
 * them back as spaces. These are again the canonical XML forms.
 */
export const escapeAttribute = (value: string): string =>
  ATTRIBUTE_SPECIAL.test(value) ? value.replace(/[&<>"\t\n\r]/g, (c) => ATTRIBUTE_ESCAPES[c]!) : value;

const attributesText = (attributes: Readonly<Record<string, string>> | undefined): string => {
  let out = "";
  if (attributes === undefined) return out;
  for (const key in attributes) {
    const value = attributes[key];
    if (value === undefined || value === null) continue;
    out += ` ${key}="${escapeAttribute(String(value))}"`;
  }
  return out;
};

/** The state of one document being written: the output so far and the chain of open elements. */
class Writer {
  out: string;
  /** Open elements, the root first; an element's index here is its depth. */
  readonly open: Element[] = [];
  /** Whether the innermost open element's start tag still lacks its `>` (so it can still become `<a/>`). */
  startTagOpen = false;
  ended = false;

  constructor(prolog: string) {
    this.out = prolog;
  }

  /** Makes `node` the innermost open element, closing its open descendants, ready for content. */
  enter(node: Element): void {
    if (this.ended || this.open[node.depth] !== node) {
      throw new Error(`<${node.name}> is already closed: XML is written in document order`);
    }
    while (this.open.length > node.depth + 1) this.closeInnermost();
    if (this.startTagOpen) {
      this.out += ">";
      this.startTagOpen = false;
    }
  }

  start(parent: Element | null, name: string, attributes: string): Element {
    const node = new Element(this, parent, name, parent === null ? 0 : parent.depth + 1);
    this.out += `<${name}${attributes}`;
    this.open.push(node);
    this.startTagOpen = true;
    return node;
  }

  closeInnermost(): void {
    const node = this.open.pop()!;
    if (this.startTagOpen) {
      this.out += "/>";
      this.startTagOpen = false;
    } else {
      this.out += `</${node.name}>`;
    }
  }

  end(): string {
    if (this.ended) throw new Error("the document was already ended");
    while (this.open.length > 0) this.closeInnermost();
    this.ended = true;
    return this.out;
  }
}

class Element implements XmlNode {
  constructor(
    private readonly writer: Writer,
    private readonly parent: Element | null,
    readonly name: string,
    readonly depth: number,
  ) {}

  ele(name: string, attributes?: Readonly<Record<string, string>>): XmlNode {
    this.writer.enter(this);
    return this.writer.start(this, name, attributesText(attributes));
  }

  txt(text: string): XmlNode {
    this.writer.enter(this);
    this.writer.out += escapeText(text);
    return this;
  }

  up(): XmlNode {
    if (this.parent === null) throw new Error(`<${this.name}> is the root element`);
    return this.parent;
  }
}

/** The string writer: a document with an XML 1.0 UTF-8 declaration, no indentation. */
export const writeXmlDocument: XmlDocumentFactory = (namespace, name, attributes) => {
  const writer = new Writer('<?xml version="1.0" encoding="UTF-8"?>');
  const root = writer.start(
    null,
    name,
    ` xmlns="${escapeAttribute(namespace)}"${attributesText(attributes)}`,
  );
  return { root, end: () => writer.end() };
};
