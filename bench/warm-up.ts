/**
 * What a boot warm-up saves: in a fresh process, the CPU per round of a service's warm-up work (its hot path on
 * new samples) over `--measure` rounds, after `--before` rounds of the same warm-up (0: a cold process, as the first
 * documents after start find it; the boot's rounds: as they find it now; thousands: warm). Run it in alternating
 * fresh processes; it prints one line of JSON. Not part of the tests.
 *
 *   node --import tsx bench/warm-up.ts signing --before 300 [--measure 300]
 */
import { parseArgs } from "node:util";
import { warmUpCodecs } from "@einvoice/broker";
import { loadPdfFonts, warmUpPdf } from "@einvoice/pdf";
import { LeanSignerWithFallback } from "@einvoice/ubl";
import { RequestValidator } from "../services/gateway/src/schemas/validate.js";
import { warmUpRequests } from "../services/gateway/src/usecases/warm-up-requests.js";
import { sampleCredentials, warmUpSigning } from "../services/signing/src/usecases/warm-up-signing.js";
import { warmUpSubmission } from "../services/submission/src/warm-up-submission.js";
import { taxRoutes } from "../services/tax/src/rpc/tax-routes.js";
import { warmUpTax } from "../services/tax/src/rpc/warm-up-tax.js";

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { before: { type: "string", default: "0" }, measure: { type: "string", default: "300" } },
});
/** Each warm-up, as a function of its rounds, made with what it needs (before any timing starts). */
const WORK: Record<string, () => (rounds: number) => number | Promise<number>> = {
  codecs: () => (rounds) => warmUpCodecs(rounds),
  signing: () => {
    const signer = new LeanSignerWithFallback(() => {});
    const credentials = sampleCredentials();
    return (rounds) => warmUpSigning(signer, rounds, credentials);
  },
  tax: () => {
    const routes = taxRoutes();
    return (rounds) => warmUpTax(routes, rounds);
  },
  gateway: () => {
    const validator = new RequestValidator();
    return (rounds) => warmUpRequests(validator, rounds);
  },
  submission: () => (rounds) => warmUpSubmission(rounds),
  pdf: () => {
    const fonts = loadPdfFonts();
    return (rounds) => warmUpPdf(fonts, rounds);
  },
};
const what = positionals[0] ?? "";
const makeWork = WORK[what];
if (!makeWork)
  throw new Error(`usage: bench/warm-up.ts <${Object.keys(WORK).join("|")}> [--before N] [--measure M]`);
const work = makeWork();

const before = Number(args.before);
const measure = Number(args.measure);
const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};
const bootStart = process.cpuUsage();
if (before > 0) await work(before);
const bootMs = cpuMs(bootStart);
const measureStart = process.cpuUsage();
await work(measure);
console.log(
  JSON.stringify({
    what,
    before,
    boot_cpu_ms: Math.round(bootMs),
    cpu_ms_per_round: cpuMs(measureStart) / measure,
  }),
);
