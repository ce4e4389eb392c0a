export * from "./dev-credentials.js";
export * from "./ports.js";
export { type ManagedProcess, spawnLogged, stopProcess, waitUntilReady } from "./processes.js";
export * from "./runtime.js";
export * from "./system.js";
