/**
 * Seeded random documents inside the canonicalizer's subset, for comparing it with libxml2 (`xmllint --c14n`,
 * xmlsec1). They are meant to be awkward: namespace declarations that are redundant, rebind a prefix or the
 * default namespace, or undeclare it (`xmlns=""`); attributes in several namespaces and `xml:*`; references,
 * CR/CRLF/TAB/LF in text and attribute values, `>` and quotes, astral characters; both quote styles, empty-element
 * tags and odd whitespace inside tags.
 */

const PREFIXES = ["a", "b", "p1", "ds"];
const URIS = ["urn:a", "urn:b", "urn:c:d", "http://example.com/ns?x=1;y=%20", "urn:it's%20ok"];
const ELEMENT_NAMES = ["x", "Item", "z-1", "_q", "a.b", "Z"];
const ATTRIBUTE_NAMES = ["id", "x", "y", "Z", "b.c", "currencyID"];
const TEXT_PIECES = [
  "a",
  "Bolsa plástica",
  "😀",
  " ",
  "\t",
  "\n",
  "\r\n",
  "\r",
  "&amp;",
  "&lt;",
  "&gt;",
  ">",
  '"',
  "'",
  "&quot;",
  "&apos;",
  "&#9;",
  "&#10;",
  "&#13;",
  "&#xD;",
  "&#x20AC;",
  "&#128512;",
  "]",
];
const ATTRIBUTE_PIECES = [
  "a",
  "ñandú",
  "😀",
  " ",
  "\t",
  "\n",
  "\r\n",
  "\r",
  "&amp;",
  "&lt;",
  ">",
  "&gt;",
  "&quot;",
  "&apos;",
  "&#9;",
  "&#10;",
  "&#13;",
  "&#x20AC;",
];

/** mulberry32: small, seeded, good enough to pick test cases. */
const prng = (seed: number) => {
  let s = seed >>> 0;
  return (): number => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

type Scope = ReadonlyMap<string, string>;

class Generator {
  readonly #random: () => number;
  constructor(seed: number) {
    this.#random = prng(seed);
  }

  chance = (p: number): boolean => this.#random() < p;
  int = (n: number): number => Math.floor(this.#random() * n);
  pick = <T>(items: readonly T[]): T => items[this.int(items.length)]!;
  space = (): string => this.pick([" ", " ", "  ", "\n  ", "\t", "\r\n "]);
  maybeSpace = (): string => (this.chance(0.3) ? this.space() : "");

  text(): string {
    let out = "";
    const n = 1 + this.int(6);
    for (let i = 0; i < n; i++) out += this.pick(TEXT_PIECES);
    return out.replaceAll("]]>", "]]&gt;");
  }

  attributeValue(quote: string): string {
    let out = "";
    const n = this.int(6);
    for (let i = 0; i < n; i++) out += this.pick(ATTRIBUTE_PIECES);
    if (this.chance(0.2)) out += quote === '"' ? "'" : '"';
    return out;
  }

  attribute(name: string): string {
    const quote = this.chance(0.7) ? '"' : "'";
    return `${this.space()}${name}${this.maybeSpace()}=${this.maybeSpace()}${quote}${this.attributeValue(quote)}${quote}`;
  }

  /** Namespace declarations for a start tag, and the scope they make. */
  declarations(scope: Scope): { markup: string; scope: Scope } {
    if (!this.chance(0.35)) return { markup: "", scope };
    const next = new Map(scope);
    let markup = "";
    const declared = new Set<string>();
    const n = 1 + this.int(2);
    for (let i = 0; i < n; i++) {
      const prefix = this.chance(0.3) ? "" : this.pick(PREFIXES);
      if (declared.has(prefix)) continue;
      declared.add(prefix);
      // Sometimes the same value again (a superfluous declaration), sometimes xmlns="".
      const uri =
        prefix === "" && this.chance(0.3)
          ? ""
          : this.chance(0.25) && scope.has(prefix)
            ? scope.get(prefix)!
            : this.pick(URIS);
      const quote = this.chance(0.8) || uri.includes("'") ? '"' : "'";
      markup += `${this.space()}${prefix ? `xmlns:${prefix}` : "xmlns"}=${quote}${uri}${quote}`;
      next.set(prefix, uri.replaceAll("&amp;", "&").replaceAll("&lt;", "<").replaceAll("&gt;", ">"));
    }
    return { markup, scope: next };
  }

  /** Attributes (possibly prefixed, possibly xml:*), never two with the same expanded name. */
  attributes(scope: Scope): string {
    let markup = "";
    const taken = new Set<string>();
    const bound = PREFIXES.filter((p) => scope.get(p));
    const n = this.int(4);
    for (let i = 0; i < n; i++) {
      const kind = this.int(10);
      let prefix = "";
      if (kind < 3 && bound.length > 0) prefix = this.pick(bound);
      else if (kind === 3) prefix = "xml";
      const local = prefix === "xml" ? this.pick(["lang", "space", "base"]) : this.pick(ATTRIBUTE_NAMES);
      const uri = prefix === "xml" ? "xml" : prefix ? scope.get(prefix)! : "";
      const key = `${uri} ${local}`;
      if (taken.has(key)) continue;
      taken.add(key);
      markup +=
        prefix === "xml" && local === "space"
          ? `${this.space()}xml:space="${this.pick(["preserve", "default"])}"`
          : this.attribute(prefix ? `${prefix}:${local}` : local);
    }
    return markup;
  }

  /** An element name usable in `scope`: unprefixed, or with a bound prefix. */
  name(scope: Scope, local = this.pick(ELEMENT_NAMES)): string {
    const bound = PREFIXES.filter((p) => scope.get(p));
    return bound.length > 0 && this.chance(0.6) ? `${this.pick(bound)}:${local}` : local;
  }

  element(outer: Scope, depth: number, local?: string, children?: (scope: Scope) => string): string {
    const { markup: decls, scope } = this.declarations(outer);
    const name = this.name(scope, local);
    const open = `<${name}${decls}${this.attributes(scope)}${this.maybeSpace()}`;
    let content = children ? children(scope) : "";
    if (!children && depth < 4) {
      const n = this.int(4);
      for (let i = 0; i < n; i++) content += this.chance(0.5) ? this.text() : this.element(scope, depth + 1);
    }
    if (content === "" && this.chance(0.5)) return `${open}/>`;
    return `${open}>${content}</${name}${this.maybeSpace()}>`;
  }

  prolog(): string {
    const declaration = this.pick([
      "",
      '<?xml version="1.0" encoding="UTF-8"?>',
      "<?xml version='1.0'?>",
      '<?xml version="1.0" encoding="utf-8" standalone="yes"?>',
    ]);
    return declaration + (this.chance(0.5) ? "\n" : "");
  }
}

/** A random well-formed document inside the canonicalizer's subset. */
export const randomXml = (seed: number): string => {
  const g = new Generator(seed);
  return `${g.prolog()}${g.element(new Map(), 0)}${g.chance(0.5) ? "\n" : ""}`;
};

/**
 * A random document with the `UBLExtensions/UBLExtension/ExtensionContent` path the signers look for (in
 * random namespaces, with random declarations and `xml:*` attributes along it), followed by random siblings.
 */
export const randomSignableXml = (seed: number): string => {
  const g = new Generator(seed);
  const root = g.element(new Map(), 0, undefined, (rootScope) => {
    const path = g.element(rootScope, 1, "UBLExtensions", (s1) =>
      g.element(s1, 2, "UBLExtension", (s2) =>
        g.element(s2, 3, "ExtensionContent", () => (g.chance(0.3) ? g.pick(["", " ", "\n"]) : "")),
      ),
    );
    let siblings = "";
    const n = 1 + g.int(3);
    for (let i = 0; i < n; i++) siblings += g.chance(0.3) ? g.text() : g.element(rootScope, 1);
    return path + siblings;
  });
  return `${g.prolog()}${root}`;
};
