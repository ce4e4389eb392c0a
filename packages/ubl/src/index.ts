// The secret box moved to @einvoice/platform (submission needs it too); re-exported so existing imports work.
export { decryptSecret, decryptSecretBytes, encryptSecret, SecretBoxError } from "@einvoice/platform";
export { C14nError, type C14nErrorCode } from "./c14n.js";
export {
  CertificateExpiredError,
  type CertificateInfo,
  CredentialsError,
  type CredentialsErrorCode,
  createTestCertificate,
  exportPfx,
  inspectCertificate,
  KeyCertificateMismatchError,
  type LoadOptions,
  loadPem,
  loadPfx,
  type TestCertificateOptions,
} from "./certificates.js";
export {
  type BuildDespatchInput,
  buildDespatchAdviceXml,
  DESPATCH_NS,
  handoverDate,
} from "./despatch/despatch-builder.js";
export { documentFileName } from "./file-name.js";
export { type BuildInvoiceInput, buildInvoiceXml } from "./invoice-builder.js";
export { LeanSigner } from "./lean-signer.js";
export { LeanSignerWithFallback } from "./lean-signer-with-fallback.js";
export { LeanVerifier, LeanVerifierUnsupported, type SignatureVerdict } from "./lean-verifier.js";
export { DEFAULT_SIGNATURE_ID, NS } from "./namespaces.js";
export { buildNoteXml } from "./note-builder.js";
export type { SignatureAlgorithm, SignedXml, SigningCredentials, XmlSigner } from "./signer.js";
export {
  type BuildSummaryInput,
  type BuildVoidedInput,
  buildSummaryDocumentsXml,
  buildVoidedDocumentsXml,
  SUMMARY_NS,
  type SummaryKind,
  type SummaryLineInput,
  type SummarySender,
  summaryFileName,
  summaryId,
  type VoidedLineInput,
} from "./summary-builder.js";
export { UblInputError } from "./xml-node.js";
export { SigningError, signXml, XmlCryptoSigner } from "./xml-signer.js";
