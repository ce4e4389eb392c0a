export * from "./conformance-dir.js";
export * from "./free-port.js";
export * from "./internals.js";
export * from "./nats-server.js";
export * from "./test-images.js";
export * from "./ubl-parse-options.js";
export * from "./xml-validators.js";
