/**
 * The direction of the workspace's layers, as rules over source text: packages are libraries and never reach a
 * service (by its package name or by a relative path into services/), and product code never imports test support.
 * Pure, so the rules are table-tested; layering.test.ts applies them to the real workspace.
 */
import { posix } from "node:path";
import ts from "typescript";

/** A workspace file: its path from the repository root (with `/`) and its text. */
export interface WorkspaceFile {
  path: string;
  text: string;
}

/** Every module a TypeScript file names: static imports and re-exports (type-only too) and `import()`. */
export function importedModules(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((file) => file.fileName);
}

/** A test-support module: a `test-support` folder or file, directly or as a subpath export. */
const TEST_SUPPORT = /(^|\/)test-support(\/|\.[jt]s$|$)/;
const PACKAGE_SOURCE = /^packages\/[^/]+\/src\//;
const PRODUCT_SOURCE = /^(packages|services)\/[^/]+\/src\//;

/**
 * What each file breaks, one line per import: `<file>: <rule> (<module>)`. `services` are the services'
 * package names (e.g. `@einvoice/gateway`).
 */
export function layeringViolations(files: WorkspaceFile[], services: string[]): string[] {
  return files.flatMap((file) => {
    if (file.path.endsWith("/package.json")) return packageManifestViolations(file, services);
    return importedModules(file.text).flatMap((module) => {
      const broken: string[] = [];
      if (PACKAGE_SOURCE.test(file.path)) {
        const service = services.find((name) => module === name || module.startsWith(`${name}/`));
        if (service) broken.push(`a package imports the service ${service}`);
        if (module.startsWith(".") && posix.join(posix.dirname(file.path), module).startsWith("services/"))
          broken.push("a package imports a file of services/");
      }
      if (PRODUCT_SOURCE.test(file.path) && !file.path.endsWith(".test.ts") && TEST_SUPPORT.test(module))
        broken.push("product code imports test support");
      return broken.map((rule) => `${file.path}: ${rule} (${module})`);
    });
  });
}

/** A package that lists a service among its dependencies would install (and invite imports of) a process. */
function packageManifestViolations(file: WorkspaceFile, services: string[]): string[] {
  if (!/^packages\/[^/]+\/package\.json$/.test(file.path)) return [];
  const manifest = JSON.parse(file.text) as Record<string, Record<string, string> | undefined>;
  const listed = ["dependencies", "devDependencies", "peerDependencies", "optionalDependencies"].flatMap(
    (field) => Object.keys(manifest[field] ?? {}),
  );
  return listed
    .filter((name) => services.includes(name))
    .map((name) => `${file.path}: a package depends on the service ${name}`);
}
