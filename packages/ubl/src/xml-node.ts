import { hasInvalidXmlChar } from "@einvoice/domain";
import type { XmlNode } from "./xml-writer.js";

export type { XmlNode } from "./xml-writer.js";

/** Thrown when the ComputedDocument carries a value that cannot be printed as SUNAT expects. */
export class UblInputError extends Error {
  override readonly name = "UblInputError";
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(`${path}: ${message}`);
  }
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * Returns the decimal exactly as the tax engine wrote it. The builder never rounds or pads: re-formatting here
 * could make the XML disagree with the stored `amounts`. It only refuses what is not a plain decimal (a
 * float's `1e-7`, `NaN`, an empty string), which would otherwise reach SUNAT as a format error.
 */
export const decimal = (value: string | undefined, path: string): string => {
  if (value === undefined || !DECIMAL.test(value)) {
    throw new UblInputError(path, `expected a decimal string, got ${JSON.stringify(value)}`);
  }
  return value;
};

/**
 * A writer would copy a character XML 1.0 cannot carry as it is, which yields a document no parser (SUNAT: 0306)
 * can read: the builder refuses to print one (in text and in attribute values), by the rule of `@einvoice/domain`.
 */
export { hasInvalidXmlChar };

/** `<cbc:name>text</cbc:name>` under `parent`; returns `parent` so calls can be chained. */
export const cbc = (parent: XmlNode, name: string, text: string, attrs?: Record<string, string>): XmlNode => {
  if (hasInvalidXmlChar(text)) {
    throw new UblInputError(`cbc:${name}`, `holds a character XML cannot carry: ${JSON.stringify(text)}`);
  }
  if (attrs !== undefined) {
    for (const key in attrs) {
      const value = attrs[key];
      if (value !== undefined && hasInvalidXmlChar(value)) {
        throw new UblInputError(
          `cbc:${name}/@${key}`,
          `holds a character XML cannot carry: ${JSON.stringify(value)}`,
        );
      }
    }
  }
  parent.ele(`cbc:${name}`, attrs).txt(text).up();
  return parent;
};

/** An amount element with `currencyID` (all amounts: n(12,2), rule 2071 currency = document currency). */
export const amount = (
  parent: XmlNode,
  name: string,
  value: string | undefined,
  currency: string,
  path: string,
): XmlNode => cbc(parent, name, decimal(value, path), { currencyID: currency });

/** `<cac:name>` under `parent`, returned so its children can be added. */
export const cac = (parent: XmlNode, name: string): XmlNode => parent.ele(`cac:${name}`);
