import type { XmlNode } from "@einvoice/sunat";
import {
  checkSignature,
  decideVerdict,
  forcedVerdict,
  type Knobs,
  type RuleIssue,
  type Verdict,
} from "../domain/index.js";
import type { SimulatorContext } from "./context.js";

/**
 * The verdict on a document's content, after its envelope checks and the registry: `force_code` when set;
 * otherwise XSD (when configured), then the signature, then the content rules of its kind. An XSD failure is
 * returned apart, because each protocol reports it its own way (a 0306 SOAP fault, a GRE error body).
 */
export async function judgeContent(
  ctx: SimulatorContext,
  document: {
    xml: string;
    /** The XML as the envelope checks parsed it: the rules read it instead of parsing it again. */
    parsed: XmlNode;
    root: string;
    subject: { type: string; series: string; number: string };
  },
  knobs: Knobs,
  contentRules: (xml: string, parsed: XmlNode) => RuleIssue[],
): Promise<{ verdict: Verdict } | { xsdFailure: string }> {
  if (knobs.force_code !== undefined) return { verdict: forcedVerdict(knobs.force_code, document.subject) };
  const xsd = await ctx.xsd?.validate(document.xml, document.root);
  if (xsd && xsd.ok === false) return { xsdFailure: xsd.message };
  const signature = checkSignature(document.xml, ctx.signatures);
  return {
    verdict: decideVerdict(
      signature ? [signature] : contentRules(document.xml, document.parsed),
      document.subject,
    ),
  };
}
