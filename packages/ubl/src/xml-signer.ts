import { SignedXml as XmlCryptoSignedXml } from "xml-crypto";
import { ENVELOPED, INCLUSIVE_C14N, SigningKeyCache, signingPlan } from "./signature-profile.js";
import type { SignedXml, SigningCredentials, XmlSigner } from "./signer.js";
import { SigningError } from "./signing-error.js";

export { SigningError };

/** A direct path, not `//…`: a descendant scan would walk the whole DOM of every document signed. */
const EXTENSION_CONTENT =
  "/*/*[local-name(.)='UBLExtensions']/*[local-name(.)='UBLExtension']/*[local-name(.)='ExtensionContent']";
const DIGEST_VALUE = /<ds:DigestValue>([^<]+)<\/ds:DigestValue>/;

/**
 * Enveloped XMLDSig with xml-crypto: one `Reference URI=""` over the whole document (ERR 2090), transforms
 * enveloped-signature + inclusive C14N, X509 certificate in KeyInfo (ERR 2101), `ds:Signature/@Id` taken from
 * the document's `cac:Signature` URI so both always match.
 */
export class XmlCryptoSigner implements XmlSigner {
  readonly #keys = new SigningKeyCache();

  sign(xml: string, credentials: SigningCredentials): SignedXml {
    const { algorithm, id } = signingPlan(xml, credentials);
    const prepared = this.#keys.prepare(credentials);

    const signer = new XmlCryptoSignedXml({
      privateKey: prepared.key,
      signatureAlgorithm: algorithm.signature,
      canonicalizationAlgorithm: INCLUSIVE_C14N,
      getKeyInfoContent: () => prepared.x509Data,
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
}

/** Sign with the default {@link XmlCryptoSigner}. */
export const signXml = (() => {
  const signer = new XmlCryptoSigner();
  return (xml: string, credentials: SigningCredentials): SignedXml => signer.sign(xml, credentials);
})();
