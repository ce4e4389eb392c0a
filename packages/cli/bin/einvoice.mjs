#!/usr/bin/env node
// The `einvoice` command: runs the TypeScript entry through tsx (development tooling, like `npm start`). `npx`
// puts node_modules/.bin, where npm links the pinned node, first on PATH; run any other way, it refuses another
// major than package.json's engines.node, as the services do.
import { readFileSync } from "node:fs";
import { register } from "tsx/esm/api";

const engines = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")).engines;
if (`${process.versions.node.split(".")[0]}.x` !== engines.node) {
  console.error(`einvoice runs on Node ${engines.node}, not ${process.version}: run it as \`npx einvoice\``);
  process.exit(1);
}
register();
await import("../src/main.ts");
