import type { Scope } from "./scope.js";

/** `pdf` is the A4 printed representation, `ticket` the same on an 80 mm roll. */
export type DocumentFileKind = "xml" | "cdr" | "pdf" | "ticket";

/** SUNAT's name of each file of a document whose base name is `RUC-TT-SERIE-NUMERO` (the CDR is `R-….zip`). */
export function documentFileNameOf(kind: DocumentFileKind, baseName: string): string {
  switch (kind) {
    case "xml":
      return `${baseName}.xml`;
    case "cdr":
      return `R-${baseName}.zip`;
    case "pdf":
      return `${baseName}.pdf`;
    case "ticket":
      return `${baseName}-ticket.pdf`;
  }
}

/**
 * Where a document's file lives in the shared bucket: `<company>/<test|live>/<document>/<SUNAT file name>`. The one
 * layout every service writes and reads; keys stay internal (the public API serves files by document id).
 */
export function documentObjectKey(
  scope: Scope,
  documentId: string,
  kind: DocumentFileKind,
  baseName: string,
): string {
  return `${scope.companyId}/${scope.livemode ? "live" : "test"}/${documentId}/${documentFileNameOf(kind, baseName)}`;
}
