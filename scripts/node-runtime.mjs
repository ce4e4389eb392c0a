#!/usr/bin/env node
// The Node.js every process of the repository runs on: the release pinned in package.json's optionalDependencies
// as `node-<platform>-<arch>` (the npm registry's build of Node: the binary and its include/node headers), not
// whichever `node` the machine has. Plain Node (no dependencies): scripts/bootstrap.mjs imports it before
// node_modules is complete, and `npm install` runs it (`postinstall`) to check the native addons load in that binary.
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Native addons, each loaded by `probe` in the pinned binary. better-sqlite3 ships Node-API prebuilds for every
 * platform in its npm tarball: nothing compiles, and they load in any Node major.
 */
const NATIVE_ADDONS = [
  { name: "better-sqlite3", probe: "new (require('better-sqlite3'))(':memory:').close()" },
];

/**
 * The pinned release for this platform and where npm puts it, or undefined when package.json pins none for it
 * (then the machine's node has to be of the required major itself).
 */
export function pinnedNode(root = ROOT) {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  const name = `node-${process.platform}-${process.arch}`;
  const version = pkg.optionalDependencies?.[name];
  if (!version) return undefined;
  const dir = join(root, "node_modules", name);
  return { name, version, dir, bin: join(dir, "bin", "node") };
}

/**
 * Puts the pinned release into node_modules before `npm install` has run, so that the install itself already
 * runs on it (npm checks `engines` against the node that runs npm): `npm pack` fetches the very tarball
 * package-lock.json records, checked against its integrity.
 */
export function fetchPinnedNode(root = ROOT) {
  const pinned = pinnedNode(root);
  if (!pinned) throw new Error(`package.json pins no Node for ${process.platform}-${process.arch}`);
  const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8"));
  const locked = lock.packages?.[`node_modules/${pinned.name}`];
  if (locked?.version !== pinned.version || !locked.integrity)
    throw new Error(
      `package-lock.json does not record ${pinned.name}@${pinned.version}; run \`npm install\``,
    );
  console.log(`Fetching Node ${pinned.version} (${pinned.name}) from the npm registry…`);
  const scratch = mkdtempSync(join(tmpdir(), "einvoice-node-"));
  try {
    const packed = execFileSync(
      "npm",
      ["pack", `${pinned.name}@${pinned.version}`, "--pack-destination", scratch, "--json", "--silent"],
      { cwd: scratch, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
    );
    const tarball = join(scratch, JSON.parse(packed)[0].filename);
    const integrity = `sha512-${createHash("sha512").update(readFileSync(tarball)).digest("base64")}`;
    if (integrity !== locked.integrity)
      throw new Error(`${pinned.name}@${pinned.version}: integrity ${integrity} is not package-lock.json's`);
    mkdirSync(pinned.dir, { recursive: true });
    execFileSync("tar", ["-xzf", tarball, "--strip-components=1", "-C", pinned.dir]);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The major of `engines.node` ("24.x"): every process checks it at start. */
export function requiredMajor(root = ROOT) {
  const range = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).engines.node;
  const major = /^(\d+)\.x$/.exec(range)?.[1];
  if (!major)
    throw new Error(`package.json engines.node should read "<major>.x", not ${JSON.stringify(range)}`);
  return Number(major);
}

/**
 * The environment under which npm and everything started from here run on the pinned binary: its bin/ and
 * node_modules/.bin first on PATH, so `node`, `npx` and node-gyp resolve to it. An addon that compiles at install
 * compiles from its headers: not the machine's (Debian's npm sets nodedir=/usr, its own node's), not a download
 * from nodejs.org.
 */
export function pinnedEnv(root = ROOT, env = process.env) {
  const pinned = pinnedNode(root);
  const bins = [join(root, "node_modules", ".bin"), env.PATH ?? ""];
  if (!pinned) return { ...env, PATH: bins.join(delimiter) };
  // Its own bin/ too: before npm has linked node_modules/.bin/node (see fetchPinnedNode).
  const path = [join(pinned.dir, "bin"), ...bins].join(delimiter);
  return { ...env, PATH: path, npm_config_nodedir: pinned.dir };
}

/** Addons that do not load in `nodeBin` (built for another ABI, or not built at all). */
function unloadable(root, nodeBin) {
  return NATIVE_ADDONS.filter(
    ({ probe }) => spawnSync(nodeBin, ["-e", probe], { cwd: root, stdio: "ignore" }).status !== 0,
  ).map(({ name }) => name);
}

/**
 * Rebuilds each native addon that does not load in the pinned binary (one that compiles at install does so from
 * the pinned headers, see pinnedEnv), and fails naming those that still do not.
 */
export function ensureNativeAddons(root = ROOT) {
  const pinned = pinnedNode(root);
  if (!pinned || !existsSync(pinned.bin)) return;
  const stale = unloadable(root, pinned.bin);
  if (stale.length === 0) return;
  console.log(`${stale.join(", ")} do(es) not load in Node ${pinned.version}: rebuilding…`);
  execFileSync("npm", ["rebuild", ...stale], { cwd: root, stdio: "inherit", env: pinnedEnv(root) });
  const still = unloadable(root, pinned.bin);
  if (still.length > 0)
    throw new Error(`${still.join(", ")} still do(es) not load in Node ${pinned.version}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === "native-addons") {
  ensureNativeAddons();
}
