import { createPrivateKey, sign as rsaSign } from "node:crypto";
import {
  buildInvoiceXml,
  createTestCertificate,
  LeanSigner,
  LeanVerifier,
  XmlCryptoSigner,
} from "@einvoice/ubl";
import { benchmarkInput } from "@einvoice/ubl/test-support";
import { SignedXml } from "xml-crypto";

/**
 * Build + sign per document (5-line invoice), measured in one run so the ratio between steps holds on a noisy
 * machine: xml-crypto against the lean signer (same signature bytes, checked before measuring), and the bare
 * RSA operation as the floor. Run: `node --import tsx bench/build-sign.ts [lines]`.
 */
const lines = Number(process.argv[2] ?? 5);
const input = benchmarkInput(lines);
const credentials = createTestCertificate({ ruc: input.issuer.ruc, legalName: input.issuer.legal_name });
const signer = new XmlCryptoSigner();
const lean = new LeanSigner();

function measure(label: string, work: () => void, seconds = 2): number {
  const warmUntil = performance.now() + 500;
  while (performance.now() < warmUntil) work();
  const samples: number[] = [];
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const start = performance.now();
    work();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)]!;
  console.log(
    `${label.padEnd(26)} median ${median.toFixed(3)} ms  (${samples.length} runs, ${(1000 / median).toFixed(0)} ops/s)`,
  );
  return median;
}

const unsigned = buildInvoiceXml(input);
if (lean.sign(unsigned, credentials).xml !== signer.sign(unsigned, credentials).xml) {
  throw new Error("the lean signer's output differs from xml-crypto's on the benchmark document");
}
const key = createPrivateKey(credentials.privateKeyPem);
const signedInfoSized = Buffer.alloc(1000, "x");

const build = measure("build (xmlbuilder2)", () => buildInvoiceXml(input));
const sign = measure("sign (xml-crypto)", () => signer.sign(unsigned, credentials));
const signLean = measure("sign (lean)", () => lean.sign(unsigned, credentials));
const rsa = measure("RSA-2048 SHA-256 alone", () => rsaSign("sha256", signedInfoSized, key));
const both = measure("build + sign (xml-crypto)", () => signer.sign(buildInvoiceXml(input), credentials));
const bothLean = measure("build + sign (lean)", () => lean.sign(buildInvoiceXml(input), credentials));
const pct = (part: number, whole: number): string => `${((part / whole) * 100).toFixed(0)} %`;
console.log(
  `${lines} lines, xml-crypto: build is ${pct(build, both)} and sign ${pct(sign, both)} of build + sign`,
);
console.log(
  `${lines} lines, lean: sign is ${(sign / signLean).toFixed(1)}× faster than xml-crypto; RSA is ` +
    `${pct(rsa, signLean)} of it; build is ${pct(build, bothLean)} of build + sign ` +
    `(${(both / bothLean).toFixed(1)}× faster end to end)`,
);

// What the SUNAT simulator does with every document it receives: verify the signature (lean, xml-crypto apart).
const signedDocument = lean.sign(unsigned, credentials).xml;
const verifier = new LeanVerifier();
if (!verifier.verify(signedDocument).valid)
  throw new Error("the lean verifier refuses the benchmark document");
const verifyLean = measure("verify (lean)", () => verifier.verify(signedDocument));
const verifyXmlCrypto = measure("verify (xml-crypto)", () => {
  const reference = new SignedXml({ getCertFromKeyInfo: SignedXml.getCertFromKeyInfo });
  reference.loadSignature(
    signedDocument.slice(
      signedDocument.indexOf("<ds:Signature"),
      signedDocument.indexOf("</ds:Signature>") + 15,
    ),
  );
  if (!reference.checkSignature(signedDocument)) throw new Error("xml-crypto refuses the benchmark document");
});
console.log(
  `${lines} lines: the lean verifier is ${(verifyXmlCrypto / verifyLean).toFixed(1)}× faster than xml-crypto`,
);
