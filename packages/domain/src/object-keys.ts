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
 * Where a document's file lives in the shared bucket:
 * `<company>/<test|live>/<issue date YYYY-MM-DD>/<document>_<SUNAT file name>`. The one layout every service
 * writes; keys are stored where they are written (records, messages) and read back from there, never rebuilt, so
 * files written under an earlier layout stay where they are. Keys stay internal (the public API serves files by
 * document id). One folder per company, mode and issue date, not per document: on the filesystem store a
 * document's first file then needs no directory of its own (a mkdir and two directory fsyncs per document), and a
 * folder still holds one day of one company's files.
 */
export function documentObjectKey(
  scope: Scope,
  documentId: string,
  kind: DocumentFileKind,
  baseName: string,
  issueDate: string,
): string {
  if (!ISO_DATE.test(issueDate)) throw new Error(`issue date ${JSON.stringify(issueDate)} is not YYYY-MM-DD`);
  const mode = scope.livemode ? "live" : "test";
  return `${scope.companyId}/${mode}/${issueDate}/${documentId}_${documentFileNameOf(kind, baseName)}`;
}

/**
 * The file name to give a reader of a stored document file (a download, an email attachment): SUNAT's name,
 * without the document id that keys of this layout put in front of it (keys of the earlier layout,
 * `…/<document>/<file>`, end with the name alone).
 */
export function objectFileName(key: string): string {
  const last = key.slice(key.lastIndexOf("/") + 1);
  const prefixed = DOCUMENT_PREFIX.exec(last);
  return prefixed ? last.slice(prefixed[0].length) : last;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A document id (`doc_` and letters or digits, no `_`) and the `_` that joins it to SUNAT's file name. */
const DOCUMENT_PREFIX = /^doc_[0-9A-Za-z]+_/;
