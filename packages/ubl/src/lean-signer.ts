import { createHash, sign } from "node:crypto";
import { type C14nContext, canonicalize } from "./c14n.js";
import { NS } from "./namespaces.js";
import { ENVELOPED, INCLUSIVE_C14N, SigningKeyCache, signingPlan } from "./signature-profile.js";
import type { SignedXml, SigningCredentials, XmlSigner } from "./signer.js";
import { SigningError } from "./signing-error.js";

/** Where the signature goes, as local names below the root (XmlCryptoSigner's XPath, first match). */
const EXTENSION_CONTENT = ["UBLExtensions", "UBLExtension", "ExtensionContent"] as const;
/** The Id is written into an attribute unescaped, so it must be a plain XML name. */
const XML_ID = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/**
 * The same enveloped XMLDSig as {@link XmlCryptoSigner}, byte for byte (same `Id`, placement,
 * algorithms, transforms, KeyInfo, DigestValue and SignatureValue), without a DOM: the document is
 * canonicalized by a single scan ({@link canonicalize}, inclusive C14N 1.0 for the XML subset this package
 * writes) and the signature is spliced into the input string, which is otherwise returned unchanged.
 *
 * Input outside the supported subset throws {@link C14nError} (a {@link SigningError}) rather than being signed
 * over an approximate canonical form; the signing service then falls back to xml-crypto. The README says how
 * it is proven.
 */
export class LeanSigner implements XmlSigner {
  readonly #keys = new SigningKeyCache();

  sign(xml: string, credentials: SigningCredentials): SignedXml {
    const { algorithm, id } = signingPlan(xml, credentials);
    const prepared = this.#keys.prepare(credentials);
    if (!XML_ID.test(id)) throw new SigningError(`the signature Id ${JSON.stringify(id)} is not an XML name`);

    // The enveloped-signature transform removes ds:Signature, so the reference digest is over the document
    // as it is now (an emptied ExtensionContent canonicalizes like an empty one).
    const { canonical, located } = canonicalize(xml, {
      locate: EXTENSION_CONTENT,
      onElement: (namespaceURI, localName) => {
        if (namespaceURI === NS.ds && localName === "Signature") {
          throw new SigningError("the document is already signed");
        }
      },
    });
    if (!located) throw new SigningError("the document has no ext:UBLExtensions/…/ext:ExtensionContent");
    const digestValue = createHash(algorithm.hash).update(canonical, "utf8").digest("base64");

    const signedInfo =
      `<ds:SignedInfo><ds:CanonicalizationMethod Algorithm="${INCLUSIVE_C14N}"/>` +
      `<ds:SignatureMethod Algorithm="${algorithm.signature}"/>` +
      `<ds:Reference URI=""><ds:Transforms><ds:Transform Algorithm="${ENVELOPED}"/>` +
      `<ds:Transform Algorithm="${INCLUSIVE_C14N}"/></ds:Transforms>` +
      `<ds:DigestMethod Algorithm="${algorithm.digest}"/><ds:DigestValue>${digestValue}</ds:DigestValue>` +
      `</ds:Reference></ds:SignedInfo>`;
    // SignedInfo is canonicalized where it will sit: below ds:Signature (which declares ds) below the
    // ExtensionContent, so it carries every namespace in scope there (inclusive C14N of a subset).
    const namespaces = new Map(located.scope.namespaces).set("ds", NS.ds);
    const context: C14nContext = { namespaces, xmlAttributes: located.scope.xmlAttributes };
    const canonicalSignedInfo = canonicalize(signedInfo, { context }).canonical;
    const signatureValue = sign(
      algorithm.hash,
      Buffer.from(canonicalSignedInfo, "utf8"),
      prepared.key,
    ).toString("base64");

    const signature =
      `<ds:Signature Id="${id}" xmlns:ds="${NS.ds}">${signedInfo}` +
      `<ds:SignatureValue>${signatureValue}</ds:SignatureValue><ds:KeyInfo>${prepared.x509Data}</ds:KeyInfo></ds:Signature>`;
    const signed =
      located.endTag >= 0
        ? xml.slice(0, located.endTag) + signature + xml.slice(located.endTag)
        : `${xml.slice(0, located.emptyTagSlash)}>${signature}</${located.qname}>${xml.slice(located.emptyTagSlash + 2)}`;
    return { xml: signed, digestValue };
  }
}
