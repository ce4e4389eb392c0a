import { benchmarkInput, buildInvoiceXml, createTestCertificate, XmlCryptoSigner } from "@einvoice/ubl";

/**
 * Build + sign per document (5-line invoice), measured in one run so the ratio between steps holds on a noisy
 * machine. Run: `node --import tsx bench/build-sign.ts [lines]`.
 */
const lines = Number(process.argv[2] ?? 5);
const input = benchmarkInput(lines);
const credentials = createTestCertificate({ ruc: input.issuer.ruc, legalName: input.issuer.legal_name });
const signer = new XmlCryptoSigner();

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
    `${label.padEnd(22)} median ${median.toFixed(3)} ms  (${samples.length} runs, ${(1000 / median).toFixed(0)} ops/s)`,
  );
  return median;
}

const unsigned = buildInvoiceXml(input);
const build = measure("build (xmlbuilder2)", () => buildInvoiceXml(input));
const sign = measure("sign (xml-crypto)", () => signer.sign(unsigned, credentials));
const both = measure("build + sign", () => signer.sign(buildInvoiceXml(input), credentials));
console.log(
  `${lines} lines: build is ${((build / both) * 100).toFixed(0)} % and sign ${((sign / both) * 100).toFixed(0)} % of build + sign`,
);
