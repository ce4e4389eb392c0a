// Writes docs/errors.md from the error tables, through the gateway's catalog (the same text the API reference
// shows). Run by `npm run generate`; a test fails when the file is stale.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { errorsDocument } from "../services/gateway/src/openapi/error-catalog.js";

export const ERRORS_DOC = fileURLToPath(new URL("../docs/errors.md", import.meta.url));

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(ERRORS_DOC, errorsDocument());
  console.log(`wrote ${ERRORS_DOC}`);
}
