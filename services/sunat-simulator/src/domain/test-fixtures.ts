import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { decodeXml } from "@einvoice/sunat";
import { expect } from "vitest";

// OpenUBL homologación XMLs live in /work/shared beside the repo; tests read them in place.
const homologacion = new URL(
  "../../../../../shared/conformance/examples/openubl-xbuilder/homologacion/",
  import.meta.url,
);

/** Golden XML by "Group/file.xml", decoded from its declared ISO-8859-1. */
export function golden(path: string): string {
  return decodeXml(readFileSync(new URL(path, homologacion)));
}

/** Every factura/boleta in the homologación set, as "Group/file.xml". */
export function goldenInvoices(): string[] {
  return readdirSync(fileURLToPath(homologacion))
    .flatMap((group) =>
      readdirSync(fileURLToPath(new URL(`${group}/`, homologacion))).map((file) => `${group}/${file}`),
    )
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
