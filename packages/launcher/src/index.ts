export * from "./dev-credentials.js";
export * from "./ports.js";
export {
  type ManagedProcess,
  PortInUseError,
  spawnLogged,
  stopProcess,
  waitUntilReady,
} from "./processes.js";
export * from "./runtime.js";
export * from "./system.js";
