import type { ComputeContext, InvoiceRequest, IsoDate } from "@einvoice/domain";
import { addDays, isIsoDate } from "./dates.js";
import { TAX_ERRORS } from "./error-table.js";
import type { Errors } from "./errors.js";

/** Back-dating window in calendar days (facturas: RS 000003-2023/SUNAT, ERR 2108; boletas sent one by one too). */
export const BACKDATE_DAYS = 3;
/** `cac:InvoiceLine/cbc:ID` is `n..3` (ERR 2023). */
export const MAX_LINES = 999;
export const CURRENCIES: ReadonlySet<string> = new Set(["PEN", "USD"]);

const SERIES = { "01": /^F[A-Z0-9]{3}$/, "03": /^B[A-Z0-9]{3}$/ } as const;

export interface Header {
  series: string;
  currency: string;
  issueDate: IsoDate;
}

/** Series (ERR 1001), currency, issue date window and the number of lines. */
export function validateHeader(req: InvoiceRequest, ctx: ComputeContext, errors: Errors): Header {
  const series = typeof req.series === "string" ? req.series : "";
  if (!SERIES[ctx.type].test(series)) {
    const pattern = ctx.type === "01" ? "F[A-Z0-9]{3} (e.g. F001)" : "B[A-Z0-9]{3} (e.g. B001)";
    errors.add(
      "series",
      TAX_ERRORS.invalid_series,
      `series must match ${pattern} for document type ${ctx.type}`,
    );
  }

  const currency = req.currency ?? "PEN";
  if (!CURRENCIES.has(currency)) {
    errors.add("currency", TAX_ERRORS.unsupported_currency, "currency must be PEN or USD");
  }

  let issueDate = req.issue_date ?? ctx.today;
  if (!isIsoDate(issueDate)) {
    errors.add("issue_date", TAX_ERRORS.invalid_date, "issue_date must be a calendar date YYYY-MM-DD");
    issueDate = ctx.today;
  } else if (issueDate > ctx.today) {
    errors.add(
      "issue_date",
      TAX_ERRORS.issue_date_in_future,
      `issue_date may not be after today (${ctx.today})`,
    );
  } else if (issueDate < addDays(ctx.today, -BACKDATE_DAYS)) {
    errors.add(
      "issue_date",
      TAX_ERRORS.issue_date_too_old,
      `issue_date may be at most ${BACKDATE_DAYS} calendar days before today (${ctx.today})`,
    );
  }

  if (!Array.isArray(req.items) || req.items.length === 0) {
    errors.add("items", TAX_ERRORS.required, "at least one item is required");
  } else if (req.items.length > MAX_LINES) {
    errors.add("items", TAX_ERRORS.too_many_items, `at most ${MAX_LINES} items per document`);
  }

  return { series, currency, issueDate };
}
