import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { Code, ConnectError, reasonError } from "@einvoice/platform";
import { describe, expect, it } from "vitest";
import { publicErrorFromConnect } from "../errors/public-errors.js";
import { type CatalogEntry, ERROR_CATALOG, errorsDocument } from "./error-catalog.js";

/**
 * The error catalog against the code that answers, both ways: every (status, code) the gateway, its error table,
 * the services' reasons, the request schemas, the tax engine and the signing service can produce is in the
 * catalog, and every catalog entry is produced by one of them. The sources are read as they are (the engine's
 * `errors.add(…)` calls, the gateway's `new ApiError(…)`), so a new code anywhere fails here until it is documented.
 */

const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

const read = (path: string) => readFileSync(join(ROOT, path), "utf8");
const key = (status: number, code: string) => `${status} ${code}`;
const keysOf = (entries: readonly CatalogEntry[], source: CatalogEntry["source"]) =>
  entries.filter((e) => e.source === source).map((e) => key(e.status, e.code));

/** `new ApiError(status, "type", "code", …)` in the gateway's own code (the edge answers). */
function gatewayEdgeErrors(): { key: string; type: string; at: string }[] {
  // public-errors.ts is the table (checked below through publicErrorFromConnect itself).
  const files = sourceFiles("services/gateway/src").filter(
    (f) => !f.includes("/openapi/") && !f.endsWith("public-errors.ts"),
  );
  return files.flatMap((file) =>
    [...read(file).matchAll(/new ApiError\(\s*(\d{3}),\s*"([a-z_]+)",\s*"([a-z_]+)"/g)].map((m) => ({
      key: key(Number(m[1]), m[3]!),
      type: m[2]!,
      at: relative(ROOT, join(ROOT, file)),
    })),
  );
}

/** The top-level arguments of the call whose `(` is at `open`, as source text (nested calls and strings kept). */
function callArguments(text: string, open: number): string[] {
  const args: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = open + 1;
  for (let i = open; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'" || c === "`") quote = c;
    else if ("([{".includes(c)) depth++;
    else if (")]}".includes(c)) {
      depth--;
      if (depth === 0) return [...args, text.slice(start, i)].map((a) => a.trim());
    } else if (c === "," && depth === 1) {
      args.push(text.slice(start, i));
      start = i + 1;
    }
  }
  throw new Error(`unclosed call at ${open}`);
}

/** The codes of every `errors.add(param, code, …)` of the tax engine; a code argument without a literal fails. */
function taxEngineCodes(): Set<string> {
  const codes = new Set<string>();
  for (const file of sourceFiles("packages/tax-engine/src")) {
    const text = read(file);
    for (const call of text.matchAll(/errors\.add\(/g)) {
      const code = callArguments(text, call.index + call[0].length - 1)[1] ?? "";
      const literals = [...code.matchAll(/"([a-z_]+)"/g)].map((m) => m[1]!);
      if (literals.length === 0) throw new Error(`${file}: errors.add with a computed code: ${code}`);
      for (const literal of literals) codes.add(literal);
    }
    // Violations built as objects (`{ param, code: "…", message }`).
    for (const m of text.matchAll(/\{\s*param:[^}]*?code:\s*"([a-z_]+)"/g)) codes.add(m[1]!);
  }
  return codes;
}

/** Field-violation codes written as `code: "…"` literals in the given source folders. */
function violationCodes(dirs: string[]): Set<string> {
  const codes = new Set<string>();
  for (const file of dirs.flatMap(sourceFiles))
    for (const m of read(file).matchAll(/code:\s*"(parameter_[a-z_]+)"/g)) codes.add(m[1]!);
  return codes;
}

/** The signing service's credential codes: the keys of its field table (one entry per `CredentialsErrorCode`). */
function credentialCodes(): Set<string> {
  const text = read("services/signing/src/domain/credential-violations.ts");
  return new Set([...text.matchAll(/^ {2}([a-z_]+): \{ pkcs12:/gm)].map((m) => m[1]!));
}

/** `reasonError(Code.X, "reason", …)` thrown by services, through the gateway's table. */
function serviceReasons(): string[] {
  const files = ["services", "packages/platform/src"].flatMap((dir) =>
    dir === "services"
      ? readdirSync(join(ROOT, dir)).flatMap((service) => {
          try {
            return sourceFiles(`services/${service}/src`);
          } catch {
            return [];
          }
        })
      : sourceFiles(dir),
  );
  return files
    .filter((file) => !file.includes("/openapi/") && !file.includes("sunat-simulator"))
    .flatMap((file) =>
      [...read(file).matchAll(/reasonError\(\s*Code\.([A-Za-z]+),\s*"([a-z_]+)"/g)].map((m) => {
        const error = publicErrorFromConnect(reasonError(Code[m[1] as keyof typeof Code], m[2]!, "x"));
        return key(error.status, error.code);
      }),
    );
}

/** What the single table answers for every Connect code without details. */
function tableErrors(): { key: string; type: string }[] {
  return Object.values(Code)
    .filter((c): c is Code => typeof c === "number" && c !== Code.InvalidArgument)
    .concat(Code.InvalidArgument)
    .map((code) => publicErrorFromConnect(new ConnectError("x", code)))
    .map((error) => ({ key: key(error.status, error.code), type: error.type }));
}

const catalogKeys = new Set(ERROR_CATALOG.map((e) => key(e.status, e.code)));
const typeOf = new Map(ERROR_CATALOG.map((e) => [key(e.status, e.code), e.type]));
const sourceOf = new Map(ERROR_CATALOG.map((e) => [key(e.status, e.code), e.source]));

describe("the error catalog", () => {
  it("has one entry per status and code, each with when and how to fix", () => {
    expect(catalogKeys.size).toBe(ERROR_CATALOG.length);
    for (const e of ERROR_CATALOG) {
      expect(e.when.length, e.code).toBeGreaterThan(10);
      expect(e.fix.length, e.code).toBeGreaterThan(5);
    }
  });

  it("matches the gateway's own errors both ways (status, type and code)", () => {
    const edge = gatewayEdgeErrors();
    expect(edge.length).toBeGreaterThan(10);
    for (const e of edge) {
      expect(catalogKeys, `${e.at}: ${e.key}`).toContain(e.key);
      expect(typeOf.get(e.key), e.key).toBe(e.type);
    }
    // The edge also answers a few codes the catalog files under the table or shape checks (same status and code).
    const owned = [...new Set(edge.map((e) => e.key))].filter((k) => sourceOf.get(k) === "gateway");
    expect(keysOf(ERROR_CATALOG, "gateway").sort()).toEqual(owned.sort());
  });

  it("matches the error table and the services' reasons both ways", () => {
    const table = tableErrors();
    const reasons = serviceReasons();
    expect(reasons).toContain("409 company_not_configured");
    for (const e of table) {
      expect(catalogKeys, e.key).toContain(e.key);
      expect(typeOf.get(e.key), e.key).toBe(e.type);
    }
    for (const reason of reasons) expect(catalogKeys, reason).toContain(reason);
    const produced = new Set([
      ...table.map((e) => e.key),
      ...reasons,
      ...gatewayEdgeErrors().map((e) => e.key),
    ]);
    for (const entry of keysOf(ERROR_CATALOG, "table")) expect(produced, entry).toContain(entry);
  });

  it("matches the tax engine's codes both ways", () => {
    const engine = taxEngineCodes();
    expect(engine.size).toBeGreaterThan(50);
    expect(keysOf(ERROR_CATALOG, "tax").sort()).toEqual([...engine].map((code) => key(422, code)).sort());
  });

  it("matches the shape codes of the gateway, signing and submission both ways", () => {
    const shape = violationCodes([
      "services/gateway/src/schemas",
      "services/signing/src",
      "services/submission/src",
    ]);
    expect(keysOf(ERROR_CATALOG, "shape").sort()).toEqual([...shape].map((code) => key(422, code)).sort());
  });

  it("matches the notification service's webhook and email codes both ways", () => {
    const codes = new Set(
      ["webhook-endpoints.ts", "document-emails.ts"]
        .flatMap((file) => [
          ...read(`services/notification/src/usecases/${file}`).matchAll(/code:\s*"([a-z_]+)"/g),
        ])
        .map((m) => m[1]!)
        .filter((code) => !code.startsWith("parameter_")),
    );
    expect(codes.size).toBe(3);
    expect(keysOf(ERROR_CATALOG, "notification").sort()).toEqual(
      [...codes].map((code) => key(422, code)).sort(),
    );
  });

  it("matches the signing service's credential codes both ways", () => {
    const codes = credentialCodes();
    expect(codes.size).toBe(8);
    expect(keysOf(ERROR_CATALOG, "signing").sort()).toEqual([...codes].map((code) => key(422, code)).sort());
  });

  it("is docs/errors.md", async () => {
    await expect(errorsDocument()).toMatchFileSnapshot(join(ROOT, "docs/errors.md"));
  });
});
