import { createHash, type KeyObject, verify, X509Certificate } from "node:crypto";
import { type C14nContext, C14nError, canonicalize } from "./c14n.js";
import { ALGORITHMS, ENVELOPED, INCLUSIVE_C14N } from "./signature-profile.js";

/** Where SUNAT's documents carry their signature, as local names below the root. */
const SIGNATURE_PATH = ["UBLExtensions", "UBLExtension", "ExtensionContent", "Signature"] as const;
/** Public keys kept per certificate: a sender signs thousands of documents with one certificate. */
const MAX_CACHED_KEYS = 256;

export type SignatureVerdict = { valid: true } | { valid: false; reason: "digest" | "signature" };

/**
 * The signature is outside the profile the lean verifier reads (another canonicalization, transforms, several
 * references, markup the canonicalizer refuses…): the caller verifies it with a general XMLDSig implementation.
 */
export class LeanVerifierUnsupported extends Error {
  override readonly name = "LeanVerifierUnsupported";
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Verifies the enveloped XMLDSig that SUNAT's documents carry — the profile every signer of this package writes:
 * one Reference to the whole document (URI ""), the enveloped-signature transform (optionally followed by
 * inclusive C14N 1.0), inclusive C14N 1.0 of SignedInfo, RSA-SHA256 or RSA-SHA1, and the certificate in KeyInfo —
 * without a DOM. The reference digest is recomputed over the canonical document with the `ds:Signature` element
 * cut out (what the enveloped transform removes), and the RSA signature is checked over the canonical SignedInfo,
 * canonicalized with the namespaces in scope where it sits.
 *
 * Anything outside that profile throws {@link LeanVerifierUnsupported} rather than being judged on an
 * approximation; tests hold its verdicts against xml-crypto's on signed and tampered documents.
 */
export class LeanVerifier {
  readonly #keys = new Map<string, KeyObject>();

  verify(xml: string): SignatureVerdict {
    // One pass: the document's canonical form without its signature (what the enveloped transform leaves), and
    // where the signature sits.
    let located: ReturnType<typeof canonicalize>["located"];
    let document: string;
    try {
      ({ canonical: document, located } = canonicalize(xml, { locate: SIGNATURE_PATH, omitLocated: true }));
    } catch (error) {
      if (error instanceof C14nError) throw new LeanVerifierUnsupported(error.message);
      throw error;
    }
    if (!located || located.endTag < 0)
      throw new LeanVerifierUnsupported("no ds:Signature in ExtensionContent");
    const qname = located.qname;
    const prefix = qname.includes(":") ? qname.slice(0, qname.indexOf(":")) : "";
    const dsUri = located.scope.namespaces.get(prefix);
    if (dsUri !== "http://www.w3.org/2000/09/xmldsig#")
      throw new LeanVerifierUnsupported("not an XMLDSig element");

    const start = located.startTag;
    const end = located.endTag + `</${qname}>`.length;
    const fragment = xml.slice(start, end);
    const p = prefix ? `${escapeRegExp(prefix)}:` : "";

    const signedInfoRaw = new RegExp(`<${p}SignedInfo[\\s>][\\s\\S]*?</${p}SignedInfo>`).exec(fragment)?.[0];
    const signatureValue = new RegExp(`<${p}SignatureValue(?:\\s[^>]*)?>([^<]*)</${p}SignatureValue>`).exec(
      fragment,
    )?.[1];
    const certificate = new RegExp(`<${p}X509Certificate>([^<]*)</${p}X509Certificate>`).exec(fragment)?.[1];
    if (!signedInfoRaw || signatureValue === undefined || certificate === undefined)
      throw new LeanVerifierUnsupported("SignedInfo, SignatureValue or X509Certificate missing");

    const canonicalSignedInfo = this.#canonical(signedInfoRaw, located.scope);
    const profile = this.#profile(canonicalSignedInfo, p);

    const digest = createHash(profile.hash).update(document, "utf8").digest();
    if (!digest.equals(Buffer.from(profile.digestValue, "base64"))) return { valid: false, reason: "digest" };

    const key = this.#publicKey(certificate.replace(/\s+/g, ""));
    const signature = Buffer.from(signatureValue.replace(/\s+/g, ""), "base64");
    const holds = verify(profile.hash, Buffer.from(canonicalSignedInfo, "utf8"), key, signature);
    return holds ? { valid: true } : { valid: false, reason: "signature" };
  }

  #canonical(xml: string, context?: C14nContext): string {
    try {
      return canonicalize(xml, context ? { context } : {}).canonical;
    } catch (error) {
      if (error instanceof C14nError) throw new LeanVerifierUnsupported(error.message);
      throw error;
    }
  }

  /** Reads SignedInfo in its canonical form, where attributes and end tags are written one way only. */
  #profile(signedInfo: string, p: string) {
    const tag = (name: string, algorithm: string) => `<${p}${name} Algorithm="${algorithm}"></${p}${name}>`;
    const any = '([^"]+)';
    const shape = new RegExp(
      `^<${p}SignedInfo(?: [^>]*)?>\\s*${tag("CanonicalizationMethod", escapeRegExp(INCLUSIVE_C14N))}\\s*` +
        `${tag("SignatureMethod", any)}\\s*<${p}Reference URI="">\\s*<${p}Transforms>\\s*` +
        `${tag("Transform", escapeRegExp(ENVELOPED))}\\s*(?:${tag("Transform", escapeRegExp(INCLUSIVE_C14N))}\\s*)?` +
        `</${p}Transforms>\\s*${tag("DigestMethod", any)}\\s*<${p}DigestValue>([A-Za-z0-9+/=\\s]+)</${p}DigestValue>` +
        `\\s*</${p}Reference>\\s*</${p}SignedInfo>$`,
    );
    const match = shape.exec(signedInfo);
    if (!match) throw new LeanVerifierUnsupported("SignedInfo is outside the enveloped profile");
    const [, signatureMethod, digestMethod, digestValue] = match as unknown as [
      string,
      string,
      string,
      string,
    ];
    const algorithm = Object.values(ALGORITHMS).find(
      (a) => a.signature === signatureMethod && a.digest === digestMethod,
    );
    if (!algorithm) throw new LeanVerifierUnsupported(`algorithms ${signatureMethod} with ${digestMethod}`);
    return { hash: algorithm.hash, digestValue: digestValue.replace(/\s+/g, "") };
  }

  #publicKey(certificateBase64: string): KeyObject {
    const cached = this.#keys.get(certificateBase64);
    if (cached) return cached;
    let key: KeyObject;
    try {
      key = new X509Certificate(Buffer.from(certificateBase64, "base64")).publicKey;
    } catch (error) {
      throw new LeanVerifierUnsupported(`certificate: ${(error as Error).message}`);
    }
    if (key.asymmetricKeyType !== "rsa")
      throw new LeanVerifierUnsupported("the certificate's key is not RSA");
    if (this.#keys.size >= MAX_CACHED_KEYS) this.#keys.delete(this.#keys.keys().next().value as string);
    this.#keys.set(certificateBase64, key);
    return key;
  }
}
