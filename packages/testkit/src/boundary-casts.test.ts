import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../..", import.meta.url));

/** The boundaries where messages meet domain values: each maps in one place, with no escape hatch. */
function boundaryFiles(): string[] {
  const services = readdirSync(join(root, "services"));
  const dirs = [
    ...services.map((service) => join(root, "services", service, "src", "rpc")),
    join(root, "services", "gateway", "src", "http"),
    join(root, "services", "gateway", "src", "operations"),
    join(root, "services", "gateway", "src", "usecases"),
    join(root, "services", "gateway", "src", "waiters"),
  ];
  return dirs.flatMap((dir) => tsFiles(dir));
}

function tsFiles(dir: string): string[] {
  let entries: import("node:fs").Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

describe("RPC and HTTP boundaries", () => {
  it("should cover the rpc folders of the services and the gateway's HTTP layer", () => {
    const files = boundaryFiles().map((f) => relative(root, f));
    expect(files).toContain("services/numbering/src/rpc/numbering-routes.ts");
    expect(files).toContain("services/gateway/src/http/presenters.ts");
    expect(files).toContain("services/gateway/src/operations/document-operations.ts");
  });

  it("should map messages without `as never` or `as unknown as`", () => {
    const offenders = boundaryFiles().flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, i) =>
          /\bas never\b|\bas unknown as\b/.test(line)
            ? [`${relative(root, file)}:${i + 1}: ${line.trim()}`]
            : [],
        ),
    );
    expect(offenders).toEqual([]);
  });
});
