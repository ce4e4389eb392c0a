/**
 * `@einvoice/sunat/test-support`: what other workspaces' tests share. Test code only; product code never imports
 * it (packages/testkit/src/layering.test.ts checks).
 */
export {
  expectSameAsReference,
  MUTATION_PIECES,
  mutatedXml,
  parseOutcome,
  readsInOnePass,
  referenceParseXml,
} from "./xml-reference.js";
