/** A parsed XML node as fast-xml-parser returns it (prefixes removed, attributes as `@_x`). */
export type XmlNode = { [key: string]: unknown };
