/**
 * The signer contract every XMLDSig signer of this package implements, kept apart from the signers so the
 * shared signature profile can name these types without importing a signer (no import cycle).
 */

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
