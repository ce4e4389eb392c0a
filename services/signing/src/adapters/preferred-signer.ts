import type { Logger } from "@einvoice/platform";
import { LeanSignerWithFallback, XmlCryptoSigner, type XmlSigner } from "@einvoice/ubl";

export type SignerChoice = "lean" | "xml-crypto";

/** The configured signer; the lean one logs each document it hands to xml-crypto. */
export function createSigner(choice: SignerChoice, logger: Logger): XmlSigner {
  return choice === "lean"
    ? new LeanSignerWithFallback((code) =>
        logger.warn({ code }, "lean signer refused the XML; signing with xml-crypto"),
      )
    : new XmlCryptoSigner();
}
