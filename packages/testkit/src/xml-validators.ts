/**
 * The external XML validators tests run on signed documents: xmllint (XSD) and xmlsec1 (XMLDSig). One wrapper
 * each, so the unit tests of the UBL builder and the end-to-end suite read their verdicts the same way.
 */
import { spawnSync } from "node:child_process";

/** Debian packages that provide each validator, for the message when one is missing. */
const PACKAGES: Record<string, string> = { xmllint: "libxml2-utils", xmlsec1: "xmlsec1" };

/**
 * Fails loudly (never skips) when a validator is missing. `npm test` installs both through apt; a bare
 * `npx vitest` on a machine without them must say so.
 */
export const requireBinaries = (...names: string[]): void => {
  for (const name of names) {
    const run = spawnSync(name, ["--version"], { encoding: "utf8" });
    if (run.error) {
      throw new Error(
        `${name} is required by this test and was not found (${run.error.message}). ` +
          `Install it with: sudo apt-get install -y ${PACKAGES[name] ?? name} (npm test's bootstrap does this).`,
      );
    }
  }
};

export interface XsdVerdict {
  /** The files xmllint said "<file> validates" of. */
  valid: Set<string>;
  /** Everything xmllint printed, for failure messages. */
  output: string;
  /** xmllint's exit status (-1 when it was killed). */
  status: number;
}

/** `xmllint --noout --nonet --schema <schema>` over many files in one run (the schema is parsed once). */
export const validateAgainstXsd = (schema: string, files: string[]): XsdVerdict => {
  const run = spawnSync("xmllint", ["--noout", "--nonet", "--schema", schema, ...files], {
    encoding: "utf8",
    // One line per file and per error: a large batch of broken files must not overflow the default 1 MiB.
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.error) throw run.error;
  const output = `${run.stdout}${run.stderr}`;
  const valid = new Set(files.filter((f) => output.includes(`${f} validates`)));
  return { valid, output, status: run.status ?? -1 };
};

/** `xmlsec1 --verify --trusted-pem <cert> <file>`: ok only on exit status 0. */
export const xmlsecVerify = (file: string, certificateFile: string): { ok: boolean; output: string } => {
  const run = spawnSync("xmlsec1", ["--verify", "--trusted-pem", certificateFile, file], {
    encoding: "utf8",
  });
  if (run.error) throw run.error;
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
};
