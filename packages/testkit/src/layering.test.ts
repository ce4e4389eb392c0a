import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { importedModules, layeringViolations, type WorkspaceFile } from "./layering.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const SERVICES = ["@einvoice/gateway", "@einvoice/sunat-simulator"];

const file = (path: string, text: string): WorkspaceFile => ({ path, text });

describe("importedModules", () => {
  it("reads imports, re-exports, type-only imports and import(), and nothing in comments or strings", () => {
    const text = [
      'import { a } from "one";',
      'import type { B } from "two";',
      'export * from "three";',
      'const c = await import("four");',
      '// import { d } from "commented";',
      'const s = "import { e } from \\"quoted\\"";',
    ].join("\n");
    expect(importedModules(text)).toEqual(["one", "two", "three", "four"]);
  });
});

describe("layeringViolations", () => {
  it.each([
    ["packages/launcher/src/a.ts", 'import { x } from "@einvoice/gateway/admin";', "imports the service"],
    ["packages/launcher/src/a.ts", 'import type { X } from "@einvoice/gateway";', "imports the service"],
    ["packages/launcher/src/a.test.ts", 'await import("@einvoice/sunat-simulator");', "imports the service"],
    [
      "packages/ubl/src/a.ts",
      'export * from "../../../services/gateway/src/admin.js";',
      "a file of services/",
    ],
    ["packages/ubl/src/a.ts", 'import { f } from "../test-support/fixtures.js";', "imports test support"],
    [
      "packages/ubl/src/deep/a.ts",
      'import { f } from "../../test-support/index.js";',
      "imports test support",
    ],
    ["services/signing/src/a.ts", 'import { b } from "@einvoice/ubl/test-support";', "imports test support"],
    ["services/gateway/src/openapi/a.ts", 'import { d } from "./test-support.js";', "imports test support"],
  ])("%s: %s → %s", (path, text, rule) => {
    const found = layeringViolations([file(path, text)], SERVICES);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(rule);
  });

  it.each([
    ["packages/launcher/src/a.ts", 'import { x } from "@einvoice/gateway-sdk";'],
    ["packages/launcher/src/a.ts", 'import { x } from "@einvoice/testkit";'],
    ["packages/launcher/src/a.ts", '// once: import { x } from "@einvoice/gateway/admin";'],
    ["packages/launcher/src/a.ts", 'const entry = "services/gateway/src/main.ts";'],
    ["packages/ubl/src/a.test.ts", 'import { f } from "../test-support/fixtures.js";'],
    ["services/signing/src/a.test.ts", 'import { b } from "@einvoice/ubl/test-support";'],
    ["services/gateway/src/a.ts", 'import { n } from "@einvoice/sunat-simulator";'],
    ["test/src/harness.ts", 'import { x } from "@einvoice/gateway/admin";'],
    ["packages/ubl/test-support/a.ts", 'import { x } from "../src/invoice-builder.js";'],
  ])("%s: %s is allowed", (path, text) => {
    expect(layeringViolations([file(path, text)], SERVICES)).toEqual([]);
  });

  it("flags a package whose package.json depends on a service, and no other manifest", () => {
    const manifest = JSON.stringify({ dependencies: { "@einvoice/gateway": "0.1.0", zod: "4.6.7" } });
    expect(layeringViolations([file("packages/launcher/package.json", manifest)], SERVICES)).toEqual([
      "packages/launcher/package.json: a package depends on the service @einvoice/gateway",
    ]);
    expect(layeringViolations([file("test/package.json", manifest)], SERVICES)).toEqual([]);
  });
});

describe("the workspace", () => {
  const workspaces = (kind: "packages" | "services") =>
    readdirSync(join(root, kind), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${kind}/${entry.name}`);
  const read = (path: string): WorkspaceFile => ({ path, text: readFileSync(join(root, path), "utf8") });
  const sources = (workspace: string): string[] => {
    try {
      return readdirSync(join(root, workspace, "src"), { recursive: true, encoding: "utf8" })
        .filter((name) => name.endsWith(".ts"))
        .map((name) => `${workspace}/src/${name.split("\\").join("/")}`);
    } catch {
      return [];
    }
  };
  const services = workspaces("services").map(
    (dir) => (JSON.parse(read(`${dir}/package.json`).text) as { name: string }).name,
  );
  const files = [
    ...workspaces("packages").flatMap((dir) => [...sources(dir), `${dir}/package.json`]),
    ...workspaces("services").flatMap(sources),
  ]
    .filter((path) => !path.includes("/src/gen/"))
    .map(read);

  it("scans every package and service", () => {
    expect(services).toContain("@einvoice/gateway");
    const paths = files.map((f) => f.path);
    expect(paths).toContain("packages/launcher/src/dev-credentials.ts");
    expect(paths).toContain("packages/launcher/package.json");
    expect(paths).toContain("services/sunat-simulator/src/simulator.ts");
  });

  it("has layers that point one way", () => {
    expect(layeringViolations(files, services)).toEqual([]);
  });
});
