#!/usr/bin/env node
// `npm run build [service…]`: compiles each service to services/<name>/dist/main.js, plain JavaScript that runs
// with `node dist/main.js` (no tsx); the gateway also gets dist/dev-credentials-main.js (the launcher's dev key). esbuild bundles the service's entry together with the workspace packages
// (@einvoice/*, which are TypeScript sources), and leaves every third-party package external: those are
// resolved from node_modules at run time, as installed by `npm ci --omit=dev`, so native addons
// (better-sqlite3) and files that packages read next to themselves (fonts, the Redoc bundle) keep working.
import { readdirSync } from "node:fs";
import { mkdir, readdir, rename, rm } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const all = readdirSync(join(root, "services"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !all.includes(name));
if (unknown.length > 0) {
  console.error(`unknown service(s): ${unknown.join(", ")}; known: ${all.join(", ")}`);
  process.exit(2);
}

/**
 * Workspace packages are inlined; any other import stays an import of node_modules. A workspace package may get
 * its own copy of a dependency (packages/sunat/node_modules/fast-xml-parser@5 beside a hoisted @4): when the
 * bare name, resolved from dist/, would find another copy than the importer's, the import points at the
 * importer's copy by a relative path instead. `npm ci` lays node_modules out exactly as package-lock.json says,
 * so those paths hold in the image too.
 */
const externalThirdParty = (serviceDir, outdir) => ({
  name: "external-third-party",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.path.startsWith("@einvoice/") || args.pluginData?.inner) return undefined;
      const options = { kind: args.kind, pluginData: { inner: true } };
      const wanted = await b.resolve(args.path, { ...options, resolveDir: args.resolveDir });
      if (wanted.errors.length > 0) return { errors: wanted.errors };
      if (wanted.external) return { path: args.path, external: true }; // a node: builtin
      // dist/ holds no node_modules, so resolving from the service's folder is what node does from dist/.
      const fromDist = await b.resolve(args.path, { ...options, resolveDir: serviceDir });
      if (fromDist.errors.length === 0 && fromDist.path === wanted.path)
        return { path: args.path, external: true };
      const rel = relative(outdir, wanted.path).split(sep).join("/");
      return { path: rel.startsWith(".") ? rel : `./${rel}`, external: true };
    });
  },
});

/** Entries besides src/main.ts that run as processes of their own: the launcher's dev company and key. */
const EXTRA_ENTRIES = { gateway: ["dev-credentials-main"] };

/**
 * Built beside dist/ (same depth, so the relative imports hold), then renamed over it file by file: a system
 * running or booting from dist/ while another run rebuilds (two e2e runs at once) never sees it half written.
 */
async function buildService(service) {
  const dir = join(root, "services", service);
  const dist = join(dir, "dist");
  const outdir = join(dir, `.dist-${process.pid}`);
  const started = Date.now();
  try {
    await build({
      entryPoints: Object.fromEntries(
        ["main", ...(EXTRA_ENTRIES[service] ?? [])].map((entry) => [entry, join(dir, `src/${entry}.ts`)]),
      ),
      outdir,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node24",
      sourcemap: "linked",
      // Stack traces name the source files; keep class and function names for logs.
      keepNames: true,
      plugins: [externalThirdParty(dir, outdir)],
      logLevel: "warning",
    });
    await mkdir(dist, { recursive: true });
    // The maps first: a script is never newer than the map it points at.
    const files = (await readdir(outdir)).sort(
      (a, b) => Number(b.endsWith(".map")) - Number(a.endsWith(".map")),
    );
    for (const file of files) await rename(join(outdir, file), join(dist, file));
  } finally {
    await rm(outdir, { recursive: true, force: true });
  }
  console.log(`built services/${service}/dist/main.js in ${Date.now() - started} ms`);
}

// esbuild's own process builds them side by side.
const results = await Promise.allSettled((wanted.length > 0 ? wanted : all).map(buildService));
const failed = results.filter((result) => result.status === "rejected");
// esbuild printed its own errors already (logLevel); anything else (a rename) is printed here.
for (const { reason } of failed) if (!reason?.errors) console.error(String(reason?.message ?? reason));
if (failed.length > 0) process.exit(1);
