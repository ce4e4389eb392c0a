#!/usr/bin/env node
// The entry of `npm start`, `npm run dev` and `npm test` on a fresh machine: installs what is missing, then hands
// over. `start` builds the services (`npm run build`, a few seconds) and runs the compiled JavaScript; `dev` runs
// their TypeScript sources through tsx, so an edit needs only a restart, at the price of slower boots and more CPU.
// It may start on any node of 20 or newer: it fetches the pinned Node 24 (scripts/node-runtime.mjs) and hands over
// to a copy of itself on it before installing anything, so npm, the build, the tests and every service run on it.
// Plain Node (no dependencies), because it runs before node_modules exists.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  ensureNativeAddons,
  fetchPinnedNode,
  pinnedEnv,
  pinnedNode,
  requiredMajor,
  ROOT as root,
} from "./node-runtime.mjs";

const mode = process.argv[2];
if (mode !== "start" && mode !== "dev" && mode !== "test") {
  console.error("usage: bootstrap.mjs start|dev|test");
  process.exit(2);
}

const env = pinnedEnv(root);
const has = (command) => spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;
const run = (command, args) => execFileSync(command, args, { cwd: root, stdio: "inherit", env });

function ensureNpmDependencies() {
  const marker = join(root, "node_modules", ".package-lock.json");
  const stale =
    !existsSync(marker) || statSync(join(root, "package-lock.json")).mtimeMs > statSync(marker).mtimeMs;
  if (!stale && existsSync(join(root, "node_modules", "better-sqlite3", "package.json"))) return;
  console.log("Installing npm dependencies…");
  run("npm", ["install", "--no-audit", "--no-fund"]);
}

function ensureAptPackages(packages) {
  const missing = packages.filter(([command]) => !has(command)).map(([, pkg]) => pkg);
  if (missing.length === 0) return;
  console.log(`Installing ${missing.join(", ")} with apt…`);
  const sudo = process.getuid?.() === 0 ? [] : ["sudo"];
  const apt = (args) => run(sudo[0] ?? "apt-get", sudo.length ? ["apt-get", ...args] : args);
  apt(["update", "-qq"]);
  apt(["install", "-y", "-qq", ...missing]);
}

/** Runs this script again on `bin` and exits as it does; signals go to it. */
function handOver(bin) {
  const child = spawn(bin, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: "inherit",
    env,
  });
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

const pinned = pinnedNode(root);
if (pinned && process.version !== `v${pinned.version}`) {
  if (!existsSync(pinned.bin)) fetchPinnedNode(root);
  handOver(pinned.bin);
} else if (!pinned && Number(process.versions.node.split(".")[0]) !== requiredMajor(root)) {
  console.error(
    `einvoice runs on Node ${requiredMajor(root)}; package.json pins no build of it for ${process.platform}-${process.arch}, ` +
      `and this is Node ${process.version}. Install Node ${requiredMajor(root)} and run again.`,
  );
  process.exit(1);
} else {
  main();
}

function main() {
  ensureNpmDependencies();
  ensureNativeAddons(root);
  if (mode === "start" || mode === "dev") {
    ensureAptPackages([["nats-server", "nats-server"]]);
    if (mode === "start") run(process.execPath, ["scripts/build.mjs"]);
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts", ...process.argv.slice(3)], {
      cwd: root,
      stdio: "inherit",
      env: { ...env, EINVOICE_RUNTIME: mode === "start" ? "dist" : "source" },
    });
    for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
    child.on("exit", (code) => process.exit(code ?? 0));
  } else {
    ensureAptPackages([
      ["nats-server", "nats-server"],
      ["xmlsec1", "xmlsec1"],
      ["xmllint", "libxml2-utils"],
      // The API reference page test (services/gateway/src/http/docs-page.test.ts) drives it headless.
      ["chromium", "chromium"],
      ["pdftotext", "poppler-utils"],
      ["zbarimg", "zbar-tools"],
    ]);
    const step = (label, command, args) => {
      console.log(`\n▶ ${label}`);
      return spawnSync(command, args, {
        cwd: root,
        stdio: "inherit",
        env: { ...env, TURBO_TELEMETRY_DISABLED: "1" },
      }).status;
    };
    const typecheck = step("typecheck (turbo)", "npx", [
      "turbo",
      "run",
      "typecheck",
      "--concurrency=2",
      "--output-logs=errors-only",
    ]);
    const lint = step("lint and format (biome)", "npx", ["biome", "check", "."]);
    // Unused files, exports and dependencies: what nothing imports is dead weight, and a stale dependency ships.
    const unused = step("unused code and dependencies (knip)", "npx", ["knip", "--no-progress"]);
    const report = join(root, ".vitest-report.json");
    step("tests (vitest)", "npx", [
      "vitest",
      "run",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${report}`,
    ]);
    let passed = 0;
    let failed = 0;
    try {
      const result = JSON.parse(readFileSync(report, "utf8"));
      passed = result.numPassedTests;
      failed =
        result.numFailedTests +
        (result.numTotalTestSuites > 0 && result.success === false && result.numFailedTests === 0 ? 1 : 0);
    } catch {
      failed += 1;
    }
    // Type, lint and knip failures count as failed checks so CI cannot pass over them.
    if (typecheck !== 0) failed += 1;
    if (lint !== 0) failed += 1;
    if (unused !== 0) failed += 1;
    console.log(`\n${passed} passed, ${failed} failed`);
    process.exit(failed === 0 ? 0 : 1);
  }
}
