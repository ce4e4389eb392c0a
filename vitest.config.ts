import { defineConfig } from "vitest/config";
import { assertNodeRuntime } from "./packages/platform/src/node-runtime.js";

// The workers are forks of this process (its process.execPath): one check here covers every test file.
assertNodeRuntime();

/** The e2e and chaos suites run the compiled services: a fresh `npm run build` once before their first file. */
const BUILD_SERVICES = "test/src/support/build-services.ts";

/**
 * Crash safety (test/src/chaos). Vitest runs groups in `sequence.groupOrder` order, one group at a time (files of a
 * project without file parallelism and without an explicit order would run last of all): unit (0), then e2e one
 * file at a time (1), then chaos (2), so its load does not overlap theirs.
 */
const chaosProject = {
  test: {
    name: "chaos",
    include: ["test/src/chaos/**/*.chaos.ts"],
    globalSetup: [BUILD_SERVICES],
    testTimeout: 600_000,
    // Booting the system on a busy machine may take each process up to E2E_READY_TIMEOUT_MS.
    hookTimeout: 300_000,
    fileParallelism: false,
    sequence: { groupOrder: 2 },
  },
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "packages/*/src/**/*.test.ts",
            "services/*/src/**/*.test.ts",
            "scripts/**/*.test.ts",
            "deploy/**/*.test.ts",
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["test/src/**/*.test.ts"],
          globalSetup: [BUILD_SERVICES],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      // Services killed with SIGKILL under load (`npm run test:chaos` runs it alone).
      chaosProject,
    ],
  },
});
