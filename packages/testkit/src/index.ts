export * from "./free-port.js";
export * from "./nats-server.js";
