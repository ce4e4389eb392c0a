import type { InvoiceRequest, IsoDate, SaleDocumentType } from "@einvoice/domain";
import { TAX_ERRORS } from "./error-table.js";
import type { Errors } from "./errors.js";
import { icbperPerBag } from "./rates.js";
import type { ParsedItem } from "./validate-items.js";

/** Whether the request is an export (any line 40): operation type 0200. */
export const isExportRequest = (req: InvoiceRequest): boolean =>
  Array.isArray(req.items) && req.items.some((i) => i?.tax_affectation === "40");

/**
 * Forbidden combinations across lines and operations (spec tax rules 5, 6, 8, 9, 10, 11):
 * export all-40 and without detraction/perception/ISC/prepayments; IVAP all-17 and without ISC; ICBPER in PEN and
 * from 2019-08-01 (ERR 2949); detraction on invoices only and not with perception.
 */
export function validateOperations(
  req: InvoiceRequest,
  items: readonly ParsedItem[],
  type: SaleDocumentType,
  currency: string,
  issueDate: IsoDate,
  errors: Errors,
): void {
  const exportDoc = items.some((i) => i.affectation.kind === "export");
  const ivapDoc = items.some((i) => i.affectation.kind === "ivap");

  for (const i of items) {
    const kind = i.affectation.kind;
    if (exportDoc && (kind !== "export" || i.affectation.free)) {
      // ERR 2642: export operation types require affectation 40 on every line.
      errors.add(
        `${i.param}.tax_affectation`,
        TAX_ERRORS.export_mixed,
        "an export has every line with tax_affectation 40",
      );
    } else if (ivapDoc && kind !== "ivap") {
      errors.add(
        `${i.param}.tax_affectation`,
        TAX_ERRORS.ivap_mixed,
        "an IVAP document has every line with tax_affectation 17",
      );
    }
    if (i.iscPercent && kind === "export") {
      errors.add(`${i.param}.isc`, TAX_ERRORS.isc_not_allowed_with_export, "ISC does not apply to an export");
    } else if (i.iscPercent && ivapDoc) {
      errors.add(`${i.param}.isc`, TAX_ERRORS.isc_not_allowed_with_ivap, "ISC is not combined with IVAP");
    }
    if (i.icbper) {
      if (currency !== "PEN") {
        errors.add(
          `${i.param}.icbper`,
          TAX_ERRORS.icbper_requires_pen,
          "the plastic-bag tax is issued in PEN only",
        );
      }
      if (!icbperPerBag(issueDate)) {
        errors.add(
          `${i.param}.icbper`,
          TAX_ERRORS.icbper_not_in_force,
          "ICBPER applies from 2019-08-01 (ERR 2949)",
        );
      }
    }
  }

  if (exportDoc) {
    if (req.detraction)
      errors.add("detraction", TAX_ERRORS.not_allowed_with_export, "an export takes no detraction");
    if (req.perception)
      errors.add("perception", TAX_ERRORS.not_allowed_with_export, "an export takes no perception");
    if (req.prepayments && req.prepayments.length > 0) {
      errors.add(
        "prepayments",
        TAX_ERRORS.not_allowed_with_export,
        "prepayments are not offered on an export",
      );
    }
  }
  if (req.detraction && type === "03") {
    errors.add(
      "detraction",
      TAX_ERRORS.detraction_not_allowed_on_receipt,
      "a detraction is issued on an invoice only",
    );
  }
  if (req.detraction && req.perception) {
    errors.add(
      "perception",
      TAX_ERRORS.perception_with_detraction,
      "one operation type: detraction (1001) or perception (2001)",
    );
  }
}
