import { createPrivateKey, type KeyObject, X509Certificate } from "node:crypto";
import { DEFAULT_SIGNATURE_ID } from "./namespaces.js";
import type { SignatureAlgorithm, SigningCredentials } from "./signer.js";
import { SigningError } from "./signing-error.js";

/** The XMLDSig profile every signer of this package writes: SUNAT's enveloped signature over the whole document. */
export const ALGORITHMS: Record<SignatureAlgorithm, { signature: string; digest: string; hash: string }> = {
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
export const INCLUSIVE_C14N = "http://www.w3.org/TR/2001/REC-xml-c14n-20010315";
export const ENVELOPED = "http://www.w3.org/2000/09/xmldsig#enveloped-signature";

const SIGNATURE_URI =
  /<cac:DigitalSignatureAttachment>\s*<cac:ExternalReference>\s*<cbc:URI>#([^<]+)<\/cbc:URI>/;

/** The checks every signer makes first, and what it needs from them: the algorithm and the signature Id. */
export function signingPlan(xml: string, credentials: SigningCredentials) {
  if (xml.includes("<ds:Signature")) throw new SigningError("the document is already signed");
  const algorithm = ALGORITHMS[credentials.algorithm ?? "rsa-sha256"];
  if (!algorithm) throw new SigningError(`unsupported algorithm ${credentials.algorithm}`);
  // `ds:Signature/@Id` comes from the document's `cac:Signature` URI so both always match.
  const id = SIGNATURE_URI.exec(xml)?.[1] ?? DEFAULT_SIGNATURE_ID;
  return { algorithm, id };
}

export interface PreparedKey {
  key: KeyObject;
  /** `<ds:X509Data>` with the certificate (ERR 2101), ready to put in KeyInfo. */
  x509Data: string;
}

/**
 * Parsing a PEM key costs more than the RSA operation itself (floor.md), so the KeyObject and the X509Data
 * markup are kept per credentials object; replacing the PEM strings on that object invalidates the entry.
 */
export class SigningKeyCache {
  readonly #entries = new WeakMap<
    SigningCredentials,
    PreparedKey & { privateKeyPem: string; certificatePem: string }
  >();

  prepare(credentials: SigningCredentials): PreparedKey {
    const cached = this.#entries.get(credentials);
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
    const entry = {
      privateKeyPem: credentials.privateKeyPem,
      certificatePem: credentials.certificatePem,
      key,
      x509Data: `<ds:X509Data><ds:X509Certificate>${base64}</ds:X509Certificate></ds:X509Data>`,
    };
    this.#entries.set(credentials, entry);
    return entry;
  }
}
