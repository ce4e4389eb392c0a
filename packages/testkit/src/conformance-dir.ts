/**
 * Where the SUNAT conformance data (XSDs, example XMLs, CDRs) lives. It is the tests' independent oracle and is
 * never copied into the repository nor shipped, so every test reads it in place from this one location.
 */
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The variable that overrides the location (e.g. a CI checkout that puts the data elsewhere). */
export const CONFORMANCE_DIR_VARIABLE = "EINVOICE_CONFORMANCE_DIR";

/** `shared/conformance` beside the repository root: packages/testkit/src → repo root → its parent. */
const DEFAULT_CONFORMANCE_DIR = fileURLToPath(new URL("../../../../shared/conformance", import.meta.url));

/** The variable when set and not empty (a relative value resolves from the working directory), else the default. */
export function resolveConformanceDir(env: Record<string, string | undefined>): string {
  const configured = env[CONFORMANCE_DIR_VARIABLE];
  return configured ? resolve(configured) : DEFAULT_CONFORMANCE_DIR;
}

/** The conformance data directory of this test run. */
export const conformanceDir: string = resolveConformanceDir(process.env);
