import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * What the docs point at exists: every relative link of README.md and docs/**\/*.md reaches a file (and its
 * `#anchor` a heading there), every `npm run <script>` they name is a script of the root or a workspace, and
 * every repository path they name in backticks is in the repository.
 */

const ROOT = fileURLToPath(new URL("..", import.meta.url));

function markdownUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownUnder(path);
    return entry.name.endsWith(".md") ? [path] : [];
  });
}

const DOCS = ["README.md", ...markdownUnder("docs")];

/** The text outside fenced code blocks (links and headings there are examples, not references). */
const prose = (text: string) => text.replace(/^```[\s\S]*?^```/gm, "");

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens; repeats get `-1`, `-2`… */
function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading] of prose(readFileSync(join(ROOT, file), "utf8")).matchAll(
    /^#{1,6}\s+(.+?)\s*#*$/gm,
  )) {
    const text = heading!.replace(/\[([^\]]*)\]\([^)]*\)/g, "$1");
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  for (const [, id] of readFileSync(join(ROOT, file), "utf8").matchAll(/<a (?:name|id)="([^"]+)"/g))
    anchors.add(id!);
  return anchors;
}

function scriptNames(): Set<string> {
  const manifests = ["package.json"];
  for (const group of ["packages", "services", "test"]) {
    const dir = join(ROOT, group);
    if (existsSync(join(dir, "package.json"))) manifests.push(`${group}/package.json`);
    else
      for (const name of readdirSync(dir))
        if (existsSync(join(dir, name, "package.json"))) manifests.push(`${group}/${name}/package.json`);
  }
  return new Set(
    manifests.flatMap((file) =>
      Object.keys(JSON.parse(readFileSync(join(ROOT, file), "utf8")).scripts ?? {}),
    ),
  );
}

/** Backticked text that names a path under a top-level folder of the repository (globs and placeholders aside). */
const REPO_PATH = /^(?:packages|services|docs|scripts|test|deploy|bench|proto)\/[\w.\-/]*$/;

describe.each(DOCS)("%s", (file) => {
  const text = prose(readFileSync(join(ROOT, file), "utf8"));

  it("links only to files and headings that exist", () => {
    const broken: string[] = [];
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      if (/^[a-z][a-z+.-]*:/i.test(target!)) continue;
      const [path, anchor] = target!.split("#") as [string, string | undefined];
      const resolved = path === "" ? file : relative(ROOT, join(ROOT, dirname(file), decodeURI(path)));
      if (!existsSync(join(ROOT, resolved))) {
        broken.push(`${target}: no file ${resolved}`);
        continue;
      }
      if (anchor && resolved.endsWith(".md") && !anchorsOf(resolved).has(anchor))
        broken.push(`${target}: no heading #${anchor} in ${resolved}`);
    }
    expect(broken).toEqual([]);
  });

  it("names only npm scripts that exist", () => {
    const scripts = scriptNames();
    const missing = [...text.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]!).filter((s) => !scripts.has(s));
    expect(missing).toEqual([]);
  });

  it("names only repository paths that exist", () => {
    const missing = [...text.matchAll(/`([^`\s]+)`/g)]
      .map((m) => m[1]!.replace(/[.,:;]$/, ""))
      .filter((path) => REPO_PATH.test(path) && !existsSync(join(ROOT, path)));
    expect(missing).toEqual([]);
  });
});
