export * from "./documents.js";
export * from "./domain-contract.js";
export { JsonCodec, withoutUnset } from "./json-codec.js";
export * from "./json-schema.js";
export * from "./message-contract.js";
export * from "./public-json.js";
export * from "./public-json-schema.js";
export * from "./public-resources.js";
export * from "./verdicts.js";
