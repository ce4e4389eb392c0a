/**
 * `@einvoice/ubl/test-support`: what other workspaces' tests and the benchmark share. Test and benchmark code
 * only; product code never imports it (packages/testkit/src/layering.test.ts checks).
 */
export { benchmarkInput } from "./bench-sample.js";
export { TAX_ENGINE_CASES, TAX_ENGINE_TODAY } from "./tax-engine-cases.js";
