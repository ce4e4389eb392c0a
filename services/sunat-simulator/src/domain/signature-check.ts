import { LeanVerifier, LeanVerifierUnsupported } from "@einvoice/ubl";
import { SignedXml } from "xml-crypto";
import { issueFor, type RuleIssue } from "./rule-issue.js";

const DSIG_NS = "http://www.w3.org/2000/09/xmldsig#";

/**
 * Verifies the enveloped XMLDSig of a received document the way SUNAT does before any business rule: the
 * `ds:Signature` must exist (ERR 2085) with its digest, value and certificate (2097/2099/2101); the digest of
 * the document and the RSA signature over SignedInfo are checked with the certificate embedded in KeyInfo.
 * Any mismatch is 2335 "documento alterado" (RV:General); a signature xml-crypto cannot even process
 * (unknown algorithm, malformed SignedInfo) is 2336. Returns undefined when the signature holds.
 *
 * The signature is checked by the lean verifier of @einvoice/ubl (no DOM, a fraction of xml-crypto's cost) when it
 * follows SUNAT's enveloped profile, and by xml-crypto otherwise; both give the same verdicts (tested). Pass one
 * verifier per process to keep its certificate cache.
 *
 * Not checked (SUNAT does, against its registers): that the certificate is the one the issuer or its PSE
 * communicated (2325) and that it was valid on the issue date (2326).
 */
export function checkSignature(xml: string, verifier = new LeanVerifier()): RuleIssue | undefined {
  return checkWith(xml, (signature) => {
    try {
      const verdict = verifier.verify(xml);
      if (verdict.valid) return undefined;
      return issueFor("2335", verdict.reason === "digest" ? "DigestValue" : "SignatureValue");
    } catch (error) {
      if (!(error instanceof LeanVerifierUnsupported)) throw error;
    }
    return checkWithXmlCrypto(xml, signature);
  });
}

/** The general XMLDSig path alone (the reference the lean verifier is tested against). */
export function checkSignatureWithXmlCrypto(xml: string): RuleIssue | undefined {
  return checkWith(xml, (signature) => checkWithXmlCrypto(xml, signature));
}

/** The parts SUNAT requires before it checks anything (2085, 2097, 2099, 2101), then `verify`. */
function checkWith(xml: string, verify: (signature: string) => RuleIssue | undefined): RuleIssue | undefined {
  const signature = extractSignature(xml);
  if (!signature) return issueFor("2085");
  if (!/<(?:[\w.-]+:)?DigestValue>\s*[^<\s]/.test(signature)) return issueFor("2097");
  if (!/<(?:[\w.-]+:)?SignatureValue[^>]*>\s*[^<\s]/.test(signature)) return issueFor("2099");
  if (!/<(?:[\w.-]+:)?X509Certificate>\s*[^<\s]/.test(signature)) return issueFor("2101");
  return verify(signature);
}

function checkWithXmlCrypto(xml: string, signature: string): RuleIssue | undefined {
  const verifier = new SignedXml({ getCertFromKeyInfo: SignedXml.getCertFromKeyInfo });
  try {
    verifier.loadSignature(signature);
  } catch (error) {
    return issueFor("2336", (error as Error).message);
  }
  try {
    // false: a reference digest differs (the document changed after signing).
    return verifier.checkSignature(xml) ? undefined : issueFor("2335", "DigestValue");
  } catch (error) {
    const message = (error as Error).message;
    // xml-crypto throws when the RSA signature over SignedInfo does not verify.
    if (/invalid signature|signature value/i.test(message)) return issueFor("2335", "SignatureValue");
    return issueFor("2336", message);
  }
}

/**
 * The first `ds:Signature` element as a standalone string. xml-crypto reparses the whole document to
 * canonicalise SignedInfo with its inherited namespaces, so only the element itself is cut out here; its
 * prefix is declared on it when the document declares it higher up, which keeps the fragment parseable.
 */
export function extractSignature(xml: string): string | undefined {
  for (const prefix of signaturePrefixes(xml)) {
    const qname = prefix ? `${prefix}:Signature` : "Signature";
    const open = new RegExp(`<${qname.replace(".", "\\.")}(?=[\\s>/])`).exec(xml);
    if (!open) continue;
    const close = xml.indexOf(`</${qname}>`, open.index);
    if (close < 0) continue;
    let fragment = xml.slice(open.index, close + `</${qname}>`.length);
    const declaration = prefix ? `xmlns:${prefix}=` : "xmlns=";
    const startTag = fragment.slice(0, fragment.indexOf(">"));
    if (!startTag.includes(declaration)) {
      fragment = `<${qname} ${declaration}"${DSIG_NS}"${fragment.slice(qname.length + 1)}`;
    }
    return fragment;
  }
  return undefined;
}

/** Prefixes bound to the XMLDSig namespace anywhere in the document ("" for a default namespace). */
function signaturePrefixes(xml: string): string[] {
  const prefixes = new Set<string>();
  for (const match of xml.matchAll(
    /xmlns(?::([\w.-]+))?\s*=\s*["']http:\/\/www\.w3\.org\/2000\/09\/xmldsig#["']/g,
  )) {
    prefixes.add(match[1] ?? "");
  }
  return [...prefixes];
}
