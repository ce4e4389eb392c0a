import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { assertBuilt, SERVICE_V8_FLAGS, serviceNodeArgs } from "./runtime.js";

describe("how a service process runs", () => {
  let root: string;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), "einvoice-runtime-"));
  });

  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("should run the build with source maps under dist, and the TypeScript through tsx under source", () => {
    expect(SERVICE_V8_FLAGS).toEqual([
      "--max-semi-space-size=32",
      "--initial-old-space-size=192",
      "--no-lazy-feedback-allocation",
      "--v8-pool-size=2",
    ]);
    expect(serviceNodeArgs("tax", "dist")).toEqual([
      ...SERVICE_V8_FLAGS,
      "--enable-source-maps",
      "services/tax/dist/main.js",
    ]);
    expect(serviceNodeArgs("tax", "source")).toEqual([
      ...SERVICE_V8_FLAGS,
      "--import",
      "tsx",
      "services/tax/src/main.ts",
    ]);
    expect(serviceNodeArgs("gateway", "dist", "dev-credentials-main")).toEqual([
      ...SERVICE_V8_FLAGS,
      "--enable-source-maps",
      "services/gateway/dist/dev-credentials-main.js",
    ]);
  });

  it("should put a caller's flags after the services' V8 flags, so that they win", () => {
    expect(serviceNodeArgs("tax", "dist", "main", ["--max-semi-space-size=64", "--cpu-prof"])).toEqual([
      ...SERVICE_V8_FLAGS,
      "--max-semi-space-size=64",
      "--cpu-prof",
      "--enable-source-maps",
      "services/tax/dist/main.js",
    ]);
  });

  it("should name the services that were never built and the command that builds them", async () => {
    await mkdir(join(root, "services/tax/dist"), { recursive: true });
    await writeFile(join(root, "services/tax/dist/main.js"), "");
    expect(() => assertBuilt(root, ["tax"])).not.toThrow();
    expect(() => assertBuilt(root, ["tax", "gateway", "stream"])).toThrow(
      "not built: gateway, stream; run `npm run build`",
    );
  });
});
