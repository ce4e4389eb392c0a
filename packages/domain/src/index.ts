export * from "./compute.js";
export * from "./computed-document.js";
export * from "./document.js";
export * from "./file-name.js";
export * from "./invoice-request.js";
export * from "./issuer.js";
export * from "./money.js";
