import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { conformanceDir } from "@einvoice/testkit";

// Conformance material is read in place (see @einvoice/testkit's conformanceDir), never copied into the repo.
const examples = join(conformanceDir, "examples");

export const GREENTER_CDR_DIR = join(examples, "greenter/cdr-and-summaries");
export const XSENDER_DIR = join(examples, "openubl-xsender/test");

export function fixture(dir: string, name: string): Buffer {
  return readFileSync(join(dir, name));
}

export function listFixtures(dir: string): string[] {
  return readdirSync(dir).sort();
}
