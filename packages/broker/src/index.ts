export * from "./broker.js";
export * from "./catalog.js";
export * from "./consume.js";
export * from "./dead-letter.js";
export * from "./dead-letter-advisories.js";
export * from "./headers.js";
export * from "./publish.js";
export * from "./warm-up.js";
