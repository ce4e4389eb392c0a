import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { decodeXml } from "@einvoice/sunat";
import { conformanceDir } from "@einvoice/testkit";
import { expect } from "vitest";

// OpenUBL homologación XMLs are conformance data; tests read them in place, never copied into the repo.
const homologacion = join(conformanceDir, "examples/openubl-xbuilder/homologacion");

/** The goldens' customer RUC: a placeholder no taxpayer can hold (prefix 12), which SUNAT answers with 1083. */
export const GOLDEN_PLACEHOLDER_RUC = "12121212121";
/** A RUC that can exist (prefix 20, check digit 0), standing in for the placeholder. */
export const STAND_IN_RUC = "20100070970";

/** Golden XML by "Group/file.xml", decoded from its declared ISO-8859-1, with a customer RUC that can exist. */
export function golden(path: string): string {
  return goldenAsPublished(path).replaceAll(`>${GOLDEN_PLACEHOLDER_RUC}<`, `>${STAND_IN_RUC}<`);
}

/** Golden XML exactly as published. */
export function goldenAsPublished(path: string): string {
  return decodeXml(readFileSync(join(homologacion, path)));
}

/** Every factura/boleta in the homologación set, as "Group/file.xml". */
export function goldenInvoices(): string[] {
  return readdirSync(homologacion)
    .flatMap((group) => readdirSync(join(homologacion, group)).map((file) => `${group}/${file}`))
    .filter((path) => /\/(factura|boleta)[^/]*\.xml$/.test(path))
    .sort();
}

/** Replaces the n-th (1-based) occurrence of `search`; fails the test if it is not there. */
export function replaceNth(xml: string, search: string, replacement: string, n = 1): string {
  let index = -1;
  for (let i = 0; i < n; i++) {
    index = xml.indexOf(search, index + 1);
    expect(index, `occurrence ${n} of ${search}`).toBeGreaterThanOrEqual(0);
  }
  return xml.slice(0, index) + replacement + xml.slice(index + search.length);
}

/** Edits the n-th (1-based) cac:InvoiceLine block only. */
export function editLine(xml: string, n: number, edit: (block: string) => string): string {
  const blocks = [...xml.matchAll(/<cac:InvoiceLine>[\s\S]*?<\/cac:InvoiceLine>/g)];
  const block = blocks[n - 1];
  expect(block, `InvoiceLine ${n}`).toBeDefined();
  const edited = edit(block![0]);
  expect(edited).not.toBe(block![0]);
  return xml.slice(0, block!.index) + edited + xml.slice(block!.index + block![0].length);
}
