export type * from "./generated/issuer.js";
