import { createLogger } from "@einvoice/platform";
import { LeanSignerWithFallback, XmlCryptoSigner } from "@einvoice/ubl";
import { describe, expect, it } from "vitest";
import { createSigner } from "./preferred-signer.js";

describe("createSigner", () => {
  it("is chosen by configuration", () => {
    const logger = createLogger("test", "silent");
    expect(createSigner("lean", logger)).toBeInstanceOf(LeanSignerWithFallback);
    expect(createSigner("xml-crypto", logger)).toBeInstanceOf(XmlCryptoSigner);
  });
});
