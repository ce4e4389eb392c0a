import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

// Conformance material lives in /work/shared beside the repo; tests read it in place.
const shared = new URL("../../../../shared/conformance/examples/", import.meta.url);

export const GREENTER_CDR_DIR = new URL("greenter/cdr-and-summaries/", shared);
export const XSENDER_DIR = new URL("openubl-xsender/test/", shared);

export function fixture(dir: URL, name: string): Buffer {
  return readFileSync(new URL(name, dir));
}

export function listFixtures(dir: URL): string[] {
  return readdirSync(fileURLToPath(dir)).sort();
}
