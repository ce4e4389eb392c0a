import { createPrivateKey, sign as rsaSign } from "node:crypto";
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { zipDocument } from "@einvoice/sunat";
import { computeDocument } from "@einvoice/tax-engine";
import {
  buildInvoiceXml,
  createTestCertificate,
  LeanSigner,
  LeanVerifier,
  XmlCryptoSigner,
} from "@einvoice/ubl";
import { benchmarkInput } from "@einvoice/ubl/test-support";
import { SignedXml } from "xml-crypto";
import { benchInvoice } from "./lib/invoice.js";

/**
 * Build + sign per document (5-line invoice), measured in one run so the ratio between steps holds on a noisy
 * machine: xml-crypto against the lean signer (same signature bytes, checked before measuring), and the bare
 * RSA operation as the floor; the tax engine and the zip around them, and the simulator's verification, complete
 * the in-process floor per document. Run: `node --import tsx bench/build-sign.ts [lines] [--seconds 2]
 * [--json out.json]` (`--json` writes the ms per operation, which `npm run bench` reads).
 */
const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { seconds: { type: "string", default: "2" }, json: { type: "string" } },
});
const lines = Number(positionals[0] ?? 5);
const SECONDS = Number(args.seconds);
const input = benchmarkInput(lines);
const credentials = createTestCertificate({ ruc: input.issuer.ruc, legalName: input.issuer.legal_name });
const signer = new XmlCryptoSigner();
const lean = new LeanSigner();

/**
 * Runs `work` for `seconds` after a warm-up; returns its cost per operation in ms: the lower of the CPU time
 * per operation (process.cpuUsage over the loop) and the wall-time median. Both overstate on a loaded machine —
 * CPU time counts V8's helper threads (parallel GC, compiler), the wall time counts preemption — so the lower
 * one is the closer to what the work itself costs. Both are printed.
 */
function measure(label: string, work: () => void, seconds = SECONDS): number {
  const warmUntil = performance.now() + Math.min(500, seconds * 500);
  while (performance.now() < warmUntil) work();
  const samples: number[] = [];
  const cpuStart = process.cpuUsage();
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const start = performance.now();
    work();
    samples.push(performance.now() - start);
  }
  return report(label, samples, process.cpuUsage(cpuStart));
}

function report(label: string, samples: number[], cpu: NodeJS.CpuUsage): number {
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)]!;
  const cpuMs = (cpu.user + cpu.system) / 1000 / samples.length;
  console.log(
    `${label.padEnd(26)} CPU ${cpuMs.toFixed(3)} ms, wall median ${median.toFixed(3)} ms  (${samples.length} runs)`,
  );
  return Math.min(cpuMs, median);
}

/** `measure` for asynchronous work (the zip streams through archiver), one operation at a time. */
async function measureAsync(label: string, work: () => Promise<unknown>, seconds = SECONDS): Promise<number> {
  const warmUntil = performance.now() + Math.min(500, seconds * 500);
  while (performance.now() < warmUntil) await work();
  const samples: number[] = [];
  const cpuStart = process.cpuUsage();
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const start = performance.now();
    await work();
    samples.push(performance.now() - start);
  }
  return report(label, samples, process.cpuUsage(cpuStart));
}

const unsigned = buildInvoiceXml(input);
if (lean.sign(unsigned, credentials).xml !== signer.sign(unsigned, credentials).xml) {
  throw new Error("the lean signer's output differs from xml-crypto's on the benchmark document");
}
const key = createPrivateKey(credentials.privateKeyPem);
const signedInfoSized = Buffer.alloc(1000, "x");

// The tax engine on the public request of the same size (what the tax service computes per create call).
const request = {
  ...benchInvoice(1),
  items: Array.from({ length: lines }, (_, i) => benchInvoice(1).items[i % 5]!),
};
const today = new Date().toISOString().slice(0, 10);
if (!computeDocument(request, { type: "01", today }).ok)
  throw new Error("the tax engine refuses the benchmark request");
const tax = measure("tax (compute document)", () => computeDocument(request, { type: "01", today }));
const build = measure("build (string writer)", () => buildInvoiceXml(input));
const sign = measure("sign (xml-crypto)", () => signer.sign(unsigned, credentials));
const signLean = measure("sign (lean)", () => lean.sign(unsigned, credentials));
const rsa = measure("RSA-2048 SHA-256 alone", () => rsaSign("sha256", signedInfoSized, key));
const signedForZip = lean.sign(unsigned, credentials).xml;
const zip = await measureAsync("zip (level 9)", () => zipDocument("20123456786-01-F001-1.xml", signedForZip));
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

if (args.json) {
  const floor = {
    lines,
    ms: {
      tax,
      build,
      sign_lean: signLean,
      sign_xml_crypto: sign,
      rsa,
      zip,
      verify_lean: verifyLean,
      verify_xml_crypto: verifyXmlCrypto,
    },
  };
  writeFileSync(args.json, `${JSON.stringify(floor, null, 2)}\n`);
}
