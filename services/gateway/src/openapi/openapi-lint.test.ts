import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "./openapi-document.js";

/**
 * Redocly CLI (pinned in package.json) lints the served document on its recommended rules with the gateway's
 * redocly.yaml, whose deliberate exceptions carry their reasons. Any error or warning fails `npm test`.
 */

const CONFIG = fileURLToPath(new URL("../../redocly.yaml", import.meta.url));
const CLI = createRequire(import.meta.url).resolve("@redocly/cli/bin/cli.js");

interface LintReport {
  totals: { errors: number; warnings: number; ignored: number };
  problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
}

function lint(document: unknown): LintReport {
  const dir = mkdtempSync(join(tmpdir(), "openapi-lint-"));
  try {
    const file = join(dir, "openapi.json");
    writeFileSync(file, JSON.stringify(document, null, 2));
    const run = spawnSync(process.execPath, [CLI, "lint", "--config", CONFIG, "--format=json", file], {
      encoding: "utf8",
      // Offline and quiet: no telemetry, no update check.
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", CI: "true" },
      timeout: 60_000,
    });
    const start = run.stdout.indexOf("{");
    if (start < 0) throw new Error(`redocly printed no report: ${run.stderr}`);
    return JSON.parse(run.stdout.slice(start)) as LintReport;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const summary = (report: LintReport) =>
  report.problems.map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);

describe("Redocly lint (recommended rules)", () => {
  it("finds no error and no warning in the served document", () => {
    const report = lint(buildOpenApiDocument());
    expect(summary(report)).toEqual([]);
    expect(report.totals).toEqual({ errors: 0, warnings: 0, ignored: 0 });
  });

  it("would report an example that breaks its schema", () => {
    const document = buildOpenApiDocument();
    const post = document.paths["/v1/invoices"]!.post!;
    const media = post.requestBody!.content["application/json"]!;
    media.examples = { broken: { value: { series: "F001", items: [], colour: "red" } } };
    const report = lint(document);
    expect(report.problems.map((p) => p.ruleId)).toContain("no-invalid-media-type-examples");
  });
});
