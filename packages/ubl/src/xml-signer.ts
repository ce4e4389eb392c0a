import { createPrivateKey, type KeyObject, X509Certificate } from "node:crypto";
import { SignedXml as XmlCryptoSignedXml } from "xml-crypto";
import { DEFAULT_SIGNATURE_ID } from "./namespaces.js";

/**
 * `rsa-sha256` (default): RSA-SHA256 signature over a SHA-256 digest. `rsa-sha1`: RSA-SHA1 over a SHA-1
 * digest, the pair Greenter signs with and SUNAT still accepts (sunat-facts §1); offered only for issuers
 * whose tooling or PSE insists on it. Both use inclusive C14N.
 */
export type SignatureAlgorithm = "rsa-sha256" | "rsa-sha1";

export interface SigningCredentials {
  privateKeyPem: string;
  certificatePem: string;
  algorithm?: SignatureAlgorithm;
}

export interface SignedXml {
  xml: string;
  /** The `ds:DigestValue` (base64): the document hash printed on the PDF and in the QR. */
  digestValue: string;
}

/** Signs a UBL document in place of its empty `ext:ExtensionContent`. Narrow so a faster signer can replace it. */
export interface XmlSigner {
  sign(xml: string, credentials: SigningCredentials): SignedXml;
}

export class SigningError extends Error {
  override readonly name = "SigningError";
}

const ALGORITHMS: Record<SignatureAlgorithm, { signature: string; digest: string }> = {
  "rsa-sha256": {
    signature: "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256",
    digest: "http://www.w3.org/2001/04/xmlenc#sha256",
  },
  "rsa-sha1": {
    signature: "http://www.w3.org/2000/09/xmldsig#rsa-sha1",
    digest: "http://www.w3.org/2000/09/xmldsig#sha1",
  },
};
const INCLUSIVE_C14N = "http://www.w3.org/TR/2001/REC-xml-c14n-20010315";
const ENVELOPED = "http://www.w3.org/2000/09/xmldsig#enveloped-signature";
/** A direct path, not `//…`: a descendant scan of the whole DOM costs about 2 ms per document (floor.md). */
const EXTENSION_CONTENT =
  "/*/*[local-name(.)='UBLExtensions']/*[local-name(.)='UBLExtension']/*[local-name(.)='ExtensionContent']";
const SIGNATURE_URI =
  /<cac:DigitalSignatureAttachment>\s*<cac:ExternalReference>\s*<cbc:URI>#([^<]+)<\/cbc:URI>/;
const DIGEST_VALUE = /<ds:DigestValue>([^<]+)<\/ds:DigestValue>/;

interface PreparedKey {
  privateKeyPem: string;
  certificatePem: string;
  key: KeyObject;
  keyInfo: string;
}

/**
 * Enveloped XMLDSig with xml-crypto: one `Reference URI=""` over the whole document (ERR 2090), transforms
 * enveloped-signature + inclusive C14N, X509 certificate in KeyInfo (ERR 2101), `ds:Signature/@Id` taken from
 * the document's `cac:Signature` URI so both always match.
 *
 * Parsing a PEM key costs more than the RSA operation itself (floor.md), so the KeyObject and the KeyInfo
 * markup are kept per credentials object; replacing the PEM strings on that object invalidates the entry.
 */
export class XmlCryptoSigner implements XmlSigner {
  readonly #prepared = new WeakMap<SigningCredentials, PreparedKey>();

  sign(xml: string, credentials: SigningCredentials): SignedXml {
    if (xml.includes("<ds:Signature")) throw new SigningError("the document is already signed");
    const prepared = this.#prepare(credentials);
    const algorithm = ALGORITHMS[credentials.algorithm ?? "rsa-sha256"];
    if (!algorithm) throw new SigningError(`unsupported algorithm ${credentials.algorithm}`);
    const id = SIGNATURE_URI.exec(xml)?.[1] ?? DEFAULT_SIGNATURE_ID;

    const signer = new XmlCryptoSignedXml({
      privateKey: prepared.key,
      signatureAlgorithm: algorithm.signature,
      canonicalizationAlgorithm: INCLUSIVE_C14N,
      getKeyInfoContent: () => prepared.keyInfo,
    });
    signer.addReference({
      xpath: "/*",
      uri: "",
      isEmptyUri: true,
      transforms: [ENVELOPED, INCLUSIVE_C14N],
      digestAlgorithm: algorithm.digest,
    });
    try {
      signer.computeSignature(xml, {
        prefix: "ds",
        attrs: { Id: id },
        location: { reference: EXTENSION_CONTENT, action: "append" },
      });
    } catch (error) {
      throw new SigningError(`could not sign: ${(error as Error).message}`, { cause: error });
    }
    const digestValue = DIGEST_VALUE.exec(signer.getSignatureXml())?.[1];
    if (!digestValue) throw new SigningError("the signature has no ds:DigestValue");
    return { xml: signer.getSignedXml(), digestValue };
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
      keyInfo: `<ds:X509Data><ds:X509Certificate>${base64}</ds:X509Certificate></ds:X509Data>`,
    };
    this.#prepared.set(credentials, prepared);
    return prepared;
  }
}

/** Sign with the default {@link XmlCryptoSigner}. */
export const signXml = (() => {
  const signer = new XmlCryptoSigner();
  return (xml: string, credentials: SigningCredentials): SignedXml => signer.sign(xml, credentials);
})();
