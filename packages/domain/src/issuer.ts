export * from "./generated/issuer.js";
