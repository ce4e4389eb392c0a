import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const REPO_ROOT = fileURLToPath(new URL("../../..", import.meta.url));

/**
 * Vitest globalSetup of the e2e and chaos projects: builds every service (`npm run build`) once before the first
 * file, so the suites run the compiled services (`dist/`, the harness's default) of the sources as they are now.
 * A developer running one e2e file after editing a service never tests a stale build. It builds under
 * E2E_RUNTIME=source too: test/src/production-build.test.ts runs `dist/` whatever the default.
 */
export default function buildServices(): void {
  // One build per vitest run: the e2e and chaos projects each load this file, in the same process.
  if (process.env.EINVOICE_E2E_BUILT === String(process.pid)) return;
  const started = Date.now();
  execFileSync(process.execPath, ["scripts/build.mjs"], {
    cwd: REPO_ROOT,
    stdio: ["ignore", "ignore", "inherit"],
  });
  process.env.EINVOICE_E2E_BUILT = String(process.pid);
  console.log(`e2e: built the services in ${Date.now() - started} ms`);
}
