import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * No module of a package or service reaches itself again through its relative imports, type-only ones included:
 * a cycle hides which file owns a concept, and a type-only one turns into a load-order bug the day one of its
 * imports carries a value.
 */

const ROOT = fileURLToPath(new URL("..", import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === "gen" || entry.name === "node_modules" ? [] : sources(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

/** The relative imports and re-exports of a file (`import type` too), as repository paths. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), "utf8");
  return [...text.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+"(\.[^"]+)"/gm)].flatMap(([, spec]) => {
    const target = relative(ROOT, join(ROOT, dirname(file), spec!.replace(/\.js$/, ".ts")));
    return existsSync(join(ROOT, target)) ? [target] : [];
  });
}

/** Every strongly connected group of more than one file (Tarjan), each as its files in a stable order. */
function cycles(files: string[]): string[][] {
  const graph = new Map(files.map((f) => [f, importsOf(f)]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) === index.get(file)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== file);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return found;
}

const ROOTS = ["packages", "services"].flatMap((group) =>
  readdirSync(join(ROOT, group))
    .map((name) => `${group}/${name}/src`)
    .filter((dir) => existsSync(join(ROOT, dir))),
);

describe("import cycles", () => {
  it.each(ROOTS)("%s has none", (dir) => {
    expect(cycles(sources(dir))).toEqual([]);
  });
});
