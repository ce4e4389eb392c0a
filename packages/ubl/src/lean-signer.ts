import { createHash, createPrivateKey, type KeyObject, sign, X509Certificate } from "node:crypto";
import { type C14nContext, canonicalize } from "./c14n.js";
import { DEFAULT_SIGNATURE_ID, NS } from "./namespaces.js";
import {
  type SignatureAlgorithm,
  type SignedXml,
  type SigningCredentials,
  SigningError,
  type XmlSigner,
} from "./xml-signer.js";

const ALGORITHMS: Record<SignatureAlgorithm, { signature: string; digest: string; hash: string }> = {
  "rsa-sha256": {
    signature: "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256",
    digest: "http://www.w3.org/2001/04/xmlenc#sha256",
    hash: "sha256",
  },
  "rsa-sha1": {
    signature: "http://www.w3.org/2000/09/xmldsig#rsa-sha1",
    digest: "http://www.w3.org/2000/09/xmldsig#sha1",
    hash: "sha1",
  },
};
const INCLUSIVE_C14N = "http://www.w3.org/TR/2001/REC-xml-c14n-20010315";
const ENVELOPED = "http://www.w3.org/2000/09/xmldsig#enveloped-signature";
/** Where the signature goes, as local names below the root (XmlCryptoSigner's XPath, first match). */
const EXTENSION_CONTENT = ["UBLExtensions", "UBLExtension", "ExtensionContent"] as const;
const SIGNATURE_URI =
  /<cac:DigitalSignatureAttachment>\s*<cac:ExternalReference>\s*<cbc:URI>#([^<]+)<\/cbc:URI>/;
/** The Id is written into an attribute unescaped, so it must be a plain XML name. */
const XML_ID = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

interface PreparedKey {
  privateKeyPem: string;
  certificatePem: string;
  key: KeyObject;
  keyInfo: string;
}

/**
 * **Experimental.** The same enveloped XMLDSig as {@link XmlCryptoSigner}, byte for byte (same `Id`, placement,
 * algorithms, transforms, KeyInfo, DigestValue and SignatureValue), without a DOM: the document is
 * canonicalized by a single scan ({@link canonicalize}, inclusive C14N 1.0 for the XML subset this package
 * writes) and the signature is spliced into the input string, which is otherwise returned unchanged.
 *
 * Input outside the supported subset throws {@link C14nError} (a {@link SigningError}) rather than being signed
 * over an approximate canonical form. Not wired into the signing service; see the README for how it is proven.
 */
export class LeanSigner implements XmlSigner {
  readonly #prepared = new WeakMap<SigningCredentials, PreparedKey>();

  sign(xml: string, credentials: SigningCredentials): SignedXml {
    if (xml.includes("<ds:Signature")) throw new SigningError("the document is already signed");
    const prepared = this.#prepare(credentials);
    const algorithm = ALGORITHMS[credentials.algorithm ?? "rsa-sha256"];
    if (!algorithm) throw new SigningError(`unsupported algorithm ${credentials.algorithm}`);
    const id = SIGNATURE_URI.exec(xml)?.[1] ?? DEFAULT_SIGNATURE_ID;
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
      `<ds:SignatureValue>${signatureValue}</ds:SignatureValue>${prepared.keyInfo}</ds:Signature>`;
    const signed =
      located.endTag >= 0
        ? xml.slice(0, located.endTag) + signature + xml.slice(located.endTag)
        : `${xml.slice(0, located.emptyTagSlash)}>${signature}</${located.qname}>${xml.slice(located.emptyTagSlash + 2)}`;
    return { xml: signed, digestValue };
  }

  #prepare(credentials: SigningCredentials): PreparedKey {
    const cached = this.#prepared.get(credentials);
    if (
      cached &&
      cached.privateKeyPem === credentials.privateKeyPem &&
      cached.certificatePem === credentials.certificatePem
    ) {
      return cached;
    }
    let key: KeyObject;
    let certificate: X509Certificate;
    try {
      key = createPrivateKey(credentials.privateKeyPem);
      certificate = new X509Certificate(credentials.certificatePem);
    } catch (error) {
      throw new SigningError(`invalid signing credentials: ${(error as Error).message}`, { cause: error });
    }
    if (key.asymmetricKeyType !== "rsa") {
      throw new SigningError(`SUNAT signatures need an RSA key, got ${key.asymmetricKeyType}`);
    }
    const base64 = certificate.raw.toString("base64");
    const prepared: PreparedKey = {
      privateKeyPem: credentials.privateKeyPem,
      certificatePem: credentials.certificatePem,
      key,
      keyInfo: `<ds:KeyInfo><ds:X509Data><ds:X509Certificate>${base64}</ds:X509Certificate></ds:X509Data></ds:KeyInfo>`,
    };
    this.#prepared.set(credentials, prepared);
    return prepared;
  }
}
