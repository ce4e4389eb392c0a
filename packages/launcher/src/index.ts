export * from "./dev-credentials.js";
export * from "./ports.js";
export * from "./system.js";
