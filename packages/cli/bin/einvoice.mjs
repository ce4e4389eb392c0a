#!/usr/bin/env node
// The `einvoice` command: runs the TypeScript entry through tsx (development tooling, like `npm start`).
import { register } from "tsx/esm/api";

register();
await import("../src/main.ts");
