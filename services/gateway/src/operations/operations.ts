import { setCompanyCertificate, setGreCredentials, setSolCredentials } from "./credential-operations.js";
import type { OperationDefinition } from "./define-operation.js";
import { createDespatchAdvice } from "./despatch-operations.js";
import { createInvoice, createReceipt, getDocument, listDocuments } from "./document-operations.js";
import { emailDocument, getEmail } from "./email-operations.js";
import { getDocumentFile } from "./file-operations.js";
import { deleteCompanyLogo, getCompanyLogo, setCompanyLogo } from "./logo-operations.js";
import { createCreditNote, createDebitNote } from "./note-operations.js";
import { voidDocument } from "./void-operations.js";

/**
 * Every operation of the public API, in the order the reference lists them. The router registers them in this
 * order too, so a literal path comes before a templated one it would match.
 */
export const OPERATIONS: readonly OperationDefinition[] = [
  createInvoice,
  createReceipt,
  listDocuments,
  getDocument,
  createCreditNote,
  createDebitNote,
  getDocumentFile,
  emailDocument,
  getEmail,
  setCompanyLogo,
  getCompanyLogo,
  deleteCompanyLogo,
  createDespatchAdvice,
  setGreCredentials,
  voidDocument,
  setCompanyCertificate,
  setSolCredentials,
];
