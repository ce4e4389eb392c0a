import type { CatalogEntry } from "./error-catalog.js";
import { check } from "./error-catalog-rules.js";

/**
 * The despatch-advice check's 422 codes (`validateDespatchAdvice` in `packages/tax-engine/src/despatch`), beyond
 * the codes it shares with the tax engine (`required`, `invalid_date`, `invalid_ruc`, `too_many_items`…).
 * `error-catalog.test.ts` ties them both ways to the engine's `errors.add(…)`. Rules cited are the spec's despatch
 * rules.
 */
export const DESPATCH_ENTRIES: CatalogEntry[] = [
  check(
    "tax",
    "invalid_type",
    "A guide field is not of the expected kind (an object, a list or text).",
    "Send the field as the reference describes it.",
  ),
  check(
    "tax",
    "not_allowed",
    "A field that does not belong to this guide: `sender` on a sender guide; `reason_code`, `transport_mode`, `carrier`, `handover_date`, `supplier`, `buyer` on a carrier guide; `vehicles`/`drivers` with a contracted carrier; `carrier`/`handover_date` with own vehicles; `supplier`/`buyer`/`reason_description` with another reason (rules 3–5, 8).",
    "Leave the field named by `param` out.",
  ),
  check(
    "tax",
    "type_series_mismatch",
    "`type` disagrees with the series: `T…` is `09`, `V…` is `31` (rule 1).",
    "Send the matching type, or leave it out.",
  ),
  check(
    "tax",
    "before_issue_date",
    "`start_date` or `handover_date` precedes the issue date (rule 7).",
    "Send a date on or after the issue date.",
  ),
  check(
    "tax",
    "reason_not_offered",
    "Reason `08` (import), `09` (export) or `19` is not offered.",
    "Use another catalog 20 reason.",
  ),
  check(
    "tax",
    "unknown_reason",
    "`reason_code` is not a catalog 20 code offered here.",
    "Send `01`–`07`, `13`, `14`, `17` or `18`.",
  ),
  check(
    "tax",
    "invalid_transport_mode",
    "`transport_mode` is neither `01` nor `02`.",
    "Send `01` (contracted carrier) or `02` (own vehicle).",
  ),
  check(
    "tax",
    "recipient_is_sender",
    "Reasons `01`, `05`, `06`: the recipient is the sender itself (rule 8).",
    "Name the real recipient, or use reason `04` for a transfer between own establishments.",
  ),
  check(
    "tax",
    "recipient_not_sender",
    "Reason `04`: the recipient is someone other than the sender (rule 8).",
    "Name the company itself as recipient, or use another reason.",
  ),
  check(
    "tax",
    "too_many_vehicles",
    "More than one main and two secondary vehicles.",
    "Send at most 3 vehicles.",
  ),
  check(
    "tax",
    "too_many_drivers",
    "More than one main and two secondary drivers.",
    "Send at most 3 drivers.",
  ),
  check(
    "tax",
    "plate_has_hyphen",
    "A plate written with a hyphen (`ABC-123`).",
    "Write it without the hyphen: `ABC123`.",
  ),
  check(
    "tax",
    "invalid_plate",
    "A plate that is not 6 to 8 letters or digits.",
    "Send the plate as printed, letters and digits only.",
  ),
  check(
    "tax",
    "invalid_driver_document_type",
    "A driver identified by RUC or by `0`.",
    "Send the driver's personal document (`1` DNI, `4`, `7`, `A`…).",
  ),
  check(
    "tax",
    "invalid_license",
    "A driving licence that is not 9 or 10 letters or digits.",
    "Send the licence number as printed (e.g. `Q45678901`).",
  ),
  check(
    "tax",
    "invalid_registration",
    "`carrier.mtc_registration` or `vehicles.N.certificate` holds something other than letters and digits (at most 20).",
    "Send the number as the MTC issued it, without spaces or hyphens.",
  ),
  check(
    "tax",
    "invalid_freight_payer",
    "`freight_payer` is not `sender` or `subcontractor`.",
    "Send `sender` when the sender pays the freight, `subcontractor` when a carrier that subcontracted you does.",
  ),
  check(
    "tax",
    "invalid_ubigeo",
    "A ubigeo that is not the 6-digit code of a district in INEI's list (the table the service embeds: INEI's 2021 list plus the districts created since that it knows, 130112 Alto Trujillo and 180107 San Antonio). The message names the code.",
    "Send the INEI district code, e.g. `150101`; if a district created by a recent law is refused, tell us its code.",
  ),
  check(
    "tax",
    "invalid_establishment_code",
    "An establishment code that is not 4 digits.",
    "Send SUNAT's establishment code, e.g. `0000`.",
  ),
  check(
    "tax",
    "establishment_without_ruc",
    "An establishment code on a point whose owner (the sender, or the recipient for the destination) is not identified by RUC: only RUC holders have establishments.",
    "Leave `establishment_code` out, or identify the owner by RUC.",
  ),
  check(
    "tax",
    "derived_field",
    "`establishment_ruc`, or a related document's `issuer_ruc` or `description`, was sent: the service derives them (rule 9).",
    "Leave the field out.",
  ),
  check(
    "tax",
    "invalid_weight_unit",
    "`weight_unit` is neither `KGM` nor `TNE`.",
    "Send `KGM` (default) or `TNE`.",
  ),
  check(
    "tax",
    "invalid_packages",
    "`packages` is not a whole number from 1 to 999999.",
    "Send a whole number, or leave it out.",
  ),
  check(
    "tax",
    "invalid_related_number",
    "A related document's `number` is not the printed number of an invoice (`F…`) or receipt (`B…`), e.g. `F001-123` (rule 10).",
    "Send `SERIES-NUMBER`.",
  ),
  check(
    "tax",
    "type_number_mismatch",
    "A related document's `type` disagrees with its series letter: `F…` is `01`, `B…` is `03`.",
    "Send the matching type, or leave it out.",
  ),
  check(
    "tax",
    "issuer_without_ruc",
    "A sale document is cited, but its issuer (the sender, or the supplier on a purchase) is not identified by RUC.",
    "Identify the issuer by RUC, or leave the related document out.",
  ),
];
