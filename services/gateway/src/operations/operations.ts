import { getCompany, setIgvRegime } from "./company-operations.js";
import { setCompanyCertificate, setGreCredentials, setSolCredentials } from "./credential-operations.js";
import type { OperationDefinition } from "./define-operation.js";
import { createDespatchAdvice } from "./despatch-operations.js";
import { createInvoice, createReceipt, getDocument, listDocuments } from "./document-operations.js";
import { emailDocument, getEmail } from "./email-operations.js";
import { getEvent, listEvents, streamEvents } from "./event-operations.js";
import { getDocumentFile } from "./file-operations.js";
import { deleteCompanyLogo, getCompanyLogo, setCompanyLogo } from "./logo-operations.js";
import { getOpenApiDocument } from "./meta-operations.js";
import { createCreditNote, createDebitNote } from "./note-operations.js";
import { voidDocument } from "./void-operations.js";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  retryWebhookDelivery,
  rotateWebhookSecret,
  updateWebhookEndpoint,
} from "./webhook-operations.js";

/**
 * Every operation of the public API, in the order the reference lists them. The router registers them in this
 * order too, so a literal path comes before a templated one it would match (`/v1/events/stream` before
 * `/v1/events/{id}`).
 */
export const OPERATIONS: readonly OperationDefinition[] = [
  createInvoice,
  createReceipt,
  listDocuments,
  getDocument,
  createCreditNote,
  createDebitNote,
  getDocumentFile,
  streamEvents,
  createWebhookEndpoint,
  listWebhookEndpoints,
  getWebhookEndpoint,
  updateWebhookEndpoint,
  deleteWebhookEndpoint,
  rotateWebhookSecret,
  listWebhookDeliveries,
  retryWebhookDelivery,
  emailDocument,
  getEmail,
  setCompanyLogo,
  getCompanyLogo,
  deleteCompanyLogo,
  createDespatchAdvice,
  setGreCredentials,
  voidDocument,
  listEvents,
  getEvent,
  getCompany,
  setCompanyCertificate,
  setSolCredentials,
  setIgvRegime,
  getOpenApiDocument,
];
