import { create } from "xmlbuilder2";
import type { XmlDocumentFactory, XmlNode } from "../src/xml-writer.js";

/**
 * The builders' former writer, xmlbuilder2 (a DOM, then serialized), as the reference the string writer is
 * compared against byte for byte: `buildInvoiceXml(input, xmlbuilder2Document)`. Tests only.
 */
export const xmlbuilder2Document: XmlDocumentFactory = (namespace, name, attributes) => {
  const doc = create({ version: "1.0", encoding: "UTF-8" });
  const root: XmlNode = doc.ele(namespace, name, attributes);
  return { root, end: () => doc.end({ prettyPrint: false }) };
};
