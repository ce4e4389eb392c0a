import { child, text, type XmlNode } from "@einvoice/sunat";
import {
  type SubmissionCheck,
  type SubmissionInput,
  type SubmittedDocument,
  splitId,
  validateDocumentSubmission,
} from "./submission-check.js";

/** The sendBill envelope checks for a `DespatchAdvice` sent over the GRE REST API. */
export function validateDespatchSubmission(input: SubmissionInput): Promise<SubmissionCheck> {
  return validateDocumentSubmission(input, readDespatchIdentity);
}

/**
 * Identity of a DespatchAdvice. The 2022 format (CustomizationID 2.0) names the issuer in
 * `DespatchSupplierParty/Party/PartyIdentification/ID`; the retired 1.0 format in
 * `DespatchSupplierParty/CustomerAssignedAccountID`. Both are read so old samples still parse.
 */
export function readDespatchIdentity(doc: XmlNode): SubmittedDocument | undefined {
  const node = child(doc, "DespatchAdvice");
  if (!node) return undefined;
  const supplier = child(node, "DespatchSupplierParty");
  return {
    root: "DespatchAdvice",
    ruc:
      text(supplier, "Party", "PartyIdentification", "ID") ||
      (text(supplier, "CustomerAssignedAccountID") ?? ""),
    type: text(node, "DespatchAdviceTypeCode") ?? "",
    ...splitId(text(node, "ID")),
  };
}

export type { SubmissionCheck, SubmissionInput };
