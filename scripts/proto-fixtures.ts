import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { registryWithComments } from "./proto-registry.js";

const FIELD_RULES = "einvoice/common/v1/field_rules.proto";
const protoDir = fileURLToPath(new URL("../proto", import.meta.url));

/**
 * A registry of the given .proto files (path → text), which may import the `rules` option: what the generators'
 * tests feed them, to see what they refuse. One `buf build` for all the files.
 */
export function fixtureRegistry(files: Readonly<Record<string, string>>) {
  const dir = mkdtempSync(join(tmpdir(), "proto-fixture-"));
  try {
    mkdirSync(join(dir, dirname(FIELD_RULES)), { recursive: true });
    copyFileSync(join(protoDir, FIELD_RULES), join(dir, FIELD_RULES));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(dir, dirname(path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    return registryWithComments(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A proto3 file of package `pkg` importing the `rules` option, with `body` as its declarations. */
export const fixtureFile = (pkg: string, body: string) =>
  `syntax = "proto3";\n\npackage ${pkg};\n\nimport "${FIELD_RULES}";\n\n${body}\n`;
