import { C14nError, type C14nErrorCode } from "./c14n.js";
import { LeanSigner } from "./lean-signer.js";
import type { SigningCredentials, XmlSigner } from "./signer.js";
import { XmlCryptoSigner } from "./xml-signer.js";

/**
 * The lean signer (own C14N + node:crypto, ~9× faster, byte-identical to xml-crypto on our builder's output)
 * with xml-crypto behind it: anything the lean canonicalizer refuses to handle is signed the proven slow way
 * instead of failing. `onFallback` hears each time that happens (to log it).
 */
export class LeanSignerWithFallback implements XmlSigner {
  private readonly lean = new LeanSigner();
  private readonly fallback = new XmlCryptoSigner();

  constructor(private readonly onFallback: (code: C14nErrorCode) => void = () => {}) {}

  sign(xml: string, credentials: SigningCredentials) {
    try {
      return this.lean.sign(xml, credentials);
    } catch (error) {
      if (!(error instanceof C14nError)) throw error;
      this.onFallback(error.code);
      return this.fallback.sign(xml, credentials);
    }
  }
}
