import type { ParsedUrlQuery } from "node:querystring";
import { DOCUMENT_STATUSES, DOCUMENT_TYPES } from "@einvoice/domain";
import type { GatewayDeps } from "./context.js";
import { parseListQuery } from "./list-params.js";

type ListDocumentsInput = Parameters<GatewayDeps["numbering"]["listDocuments"]>[0];

/** Filter values of `GET /v1/documents`: invoices, receipts, credit and debit notes, the two despatch advices. */
export { DOCUMENT_STATUSES, DOCUMENT_TYPES };

/**
 * The filters and page of `GET /v1/documents` (and the dashboard's list, which reads the same parameters) as a
 * ListDocuments request in one scope; a bad parameter is an error naming it.
 */
export function listDocumentsRequest(
  query: ParsedUrlQuery,
  scope: ListDocumentsInput["scope"],
): ListDocumentsInput {
  const q = parseListQuery(query, "doc", (reader) => ({
    type: reader.oneOf("type", DOCUMENT_TYPES),
    series: reader.text("series"),
    status: reader.oneOf("status", DOCUMENT_STATUSES),
    issueDate: reader.dateRange("issue_date"),
    customerDocumentNumber: reader.text("customer.document_number"),
    referenceDocumentId: reader.text("reference.document_id"),
  }));
  return {
    scope,
    limit: q.limit,
    startingAfter: q.startingAfter,
    endingBefore: q.endingBefore,
    type: q.type,
    series: q.series,
    status: q.status,
    issueDateGte: q.issueDate.gte,
    issueDateLte: q.issueDate.lte,
    customerDocumentNumber: q.customerDocumentNumber,
    referenceDocumentId: q.referenceDocumentId,
  };
}
