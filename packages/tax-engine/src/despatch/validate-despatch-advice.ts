import type {
  DespatchAdvice,
  DespatchCarrier,
  DespatchCheckResult,
  DespatchContext,
  DespatchItem,
  DespatchParty,
  DespatchPoint,
  DespatchRelatedDocument,
  DespatchType,
  FreightPayer,
} from "@einvoice/domain";
import { addDays, isIsoDate } from "../dates.js";
import { TAX_ERRORS } from "../error-table.js";
import { Errors } from "../errors.js";
import { parseDecimal } from "../parse-number.js";
import {
  BUYER_REASONS,
  BUYER_REQUIRED,
  MAX_DESPATCH_LINES,
  REASON_NEEDS_DESCRIPTION,
  REASONS,
  RECIPIENT_DIFFERS,
  RECIPIENT_SAME,
  REFUSED_REASONS,
  RELATED_TYPES,
  SUPPLIER_REASONS,
  SUPPLIER_REQUIRED,
} from "./despatch-catalogs.js";
import { readCarrier, readDrivers, readParty, readVehicles } from "./despatch-parties.js";
import { readPoint } from "./despatch-points.js";
import { asObject, forbid, readArray, readText } from "./despatch-read.js";

const SERIES: Record<DespatchType, RegExp> = { "09": /^T[A-Z0-9]{3}$/, "31": /^V[A-Z0-9]{3}$/ };

/**
 * The pure check of a despatch advice request (spec "Despatch advice request fields" and "Rules for despatch
 * advices" 1–10): every violation is collected and named by its dotted field, before any number is assigned; on
 * success the advice carries its derived fields (sender of a sender guide, roles of vehicles and drivers,
 * `establishment_ruc`, related documents' `type`, `issuer_ruc` and description).
 */
export function validateDespatchAdvice(body: unknown, ctx: DespatchContext): DespatchCheckResult {
  const req = asObject(body);
  if (!req) {
    return {
      ok: false,
      errors: [
        { param: "", code: TAX_ERRORS.invalid_request.code, message: "the request must be an object" },
      ],
    };
  }
  const errors = new Errors();
  const type = readType(req, errors);
  const series = typeof req.series === "string" ? req.series : "";
  const issueDate = readIssueDate(req.issue_date, ctx, errors);
  const note = readText(req.note, "note", errors, { required: false, max: 250, multiline: true });

  const issuerParty: DespatchParty = {
    document_type: "6",
    document_number: ctx.issuer.ruc,
    name: ctx.issuer.legal_name,
  };
  let sender: DespatchParty | undefined = issuerParty;
  if (type === "31") sender = readParty(req.sender, "sender", errors, { required: true });
  else if (type === "09")
    forbid(
      req.sender,
      "sender",
      "is only for a carrier guide (series V…); on a sender guide the issuer is the sender",
      errors,
    );
  const recipient = readParty(req.recipient, "recipient", errors, { required: true, typeRequired: true });

  let reason: string | undefined;
  let reasonDescription: string | undefined;
  let mode: "01" | "02" | undefined;
  let supplier: DespatchParty | undefined;
  let buyer: DespatchParty | undefined;
  let carrier: DespatchCarrier | undefined;
  let freightPayer: FreightPayer | undefined;
  let handoverDate: string | undefined;
  let startDate: string | undefined;
  let vehicles: DespatchAdvice["vehicles"] = [];
  let drivers: DespatchAdvice["drivers"] = [];

  if (type === "31") {
    const why = "does not apply to a carrier guide (series V…)";
    for (const field of [
      "reason_code",
      "reason_description",
      "transport_mode",
      "carrier",
      "handover_date",
      "supplier",
      "buyer",
    ])
      forbid(req[field], field, why, errors);
    startDate = readDate(req.start_date, "start_date", issueDate, errors, true);
    ({ vehicles, drivers } = readTransport(req, errors));
    freightPayer = readFreightPayer(req.freight_payer, errors);
  } else if (type === "09") {
    forbid(req.freight_payer, "freight_payer", "goes only on a carrier guide (series V…)", errors);
    reason = readReason(req.reason_code, errors);
    reasonDescription = readText(req.reason_description, "reason_description", errors, {
      required: reason === REASON_NEEDS_DESCRIPTION,
      max: 100,
    });
    if (
      req.reason_description !== undefined &&
      reason !== undefined &&
      reason !== REASON_NEEDS_DESCRIPTION &&
      reasonDescription !== undefined
    )
      errors.add(
        "reason_description",
        TAX_ERRORS.not_allowed,
        "reason_description goes only with reason_code 13 (other)",
      );
    supplier = readRoleParty(req, "supplier", reason, SUPPLIER_REASONS, SUPPLIER_REQUIRED, errors);
    buyer = readRoleParty(req, "buyer", reason, BUYER_REASONS, BUYER_REQUIRED, errors);
    mode = readMode(req.transport_mode, errors);
    if (mode === "01") {
      carrier = readCarrier(req.carrier, errors);
      handoverDate = readDate(req.handover_date, "handover_date", issueDate, errors, true);
      startDate = readDate(req.start_date, "start_date", issueDate, errors, false);
      forbid(
        req.vehicles,
        "vehicles",
        "are not given with a contracted carrier (transport_mode 01): the carrier issues its own guide",
        errors,
      );
      forbid(
        req.drivers,
        "drivers",
        "are not given with a contracted carrier (transport_mode 01): the carrier issues its own guide",
        errors,
      );
    } else if (mode === "02") {
      forbid(req.carrier, "carrier", "goes only with a contracted carrier (transport_mode 01)", errors);
      forbid(
        req.handover_date,
        "handover_date",
        "goes only with a contracted carrier (transport_mode 01); own vehicles use start_date",
        errors,
      );
      startDate = readDate(req.start_date, "start_date", issueDate, errors, true);
      ({ vehicles, drivers } = readTransport(req, errors));
    }
  }

  const origin = readPoint(req.origin, "origin", errors);
  const destination = readPoint(req.destination, "destination", errors);
  if (type === "09" && sender && recipient && reason)
    checkRoles(reason, sender, recipient, origin, destination, req, errors);

  const grossWeight = parseDecimal(req.gross_weight, "gross_weight", { decimals: 3 }, errors);
  const rawUnit = req.weight_unit === undefined || req.weight_unit === null ? "KGM" : req.weight_unit;
  const weightUnit = rawUnit === "KGM" || rawUnit === "TNE" ? rawUnit : undefined;
  if (!weightUnit)
    errors.add(
      "weight_unit",
      TAX_ERRORS.invalid_weight_unit,
      "weight_unit is KGM (kilograms, the default) or TNE (tonnes)",
    );
  const packages = readPackages(req.packages, errors);
  const items = readItems(req.items, errors);
  const related = readRelated(req.related_documents, sender, supplier, reason, errors);
  const originBy = sender ? originOwner(reason, sender, supplier) : undefined;
  const destinationBy = reason === RECIPIENT_SAME ? sender : recipient;
  checkEstablishmentOwner(origin, "origin", originBy, errors);
  checkEstablishmentOwner(destination, "destination", destinationBy, errors);

  if (
    errors.count > 0 ||
    !type ||
    !weightUnit ||
    !sender ||
    !recipient ||
    !origin ||
    !destination ||
    !grossWeight
  ) {
    return { ok: false, errors: errors.list };
  }
  return {
    ok: true,
    advice: {
      type,
      series,
      issue_date: issueDate,
      ...(note !== undefined ? { note } : {}),
      sender,
      recipient,
      ...(supplier ? { supplier } : {}),
      ...(buyer ? { buyer } : {}),
      ...(reason !== undefined ? { reason_code: reason } : {}),
      ...(reasonDescription !== undefined ? { reason_description: reasonDescription } : {}),
      ...(mode !== undefined ? { transport_mode: mode } : {}),
      ...(startDate !== undefined ? { start_date: startDate } : {}),
      ...(handoverDate !== undefined ? { handover_date: handoverDate } : {}),
      ...(carrier ? { carrier } : {}),
      ...(freightPayer ? { freight_payer: freightPayer } : {}),
      gross_weight: grossWeight.toString(),
      weight_unit: weightUnit,
      ...(packages !== undefined ? { packages } : {}),
      origin: withEstablishmentRuc(origin, originOwner(reason, sender, supplier)),
      destination: withEstablishmentRuc(destination, destinationBy ?? recipient),
      vehicles,
      drivers,
      related_documents: related,
      items,
    },
  };
}

/** Spec rule 1: the series letter decides the type; a given `type` must agree. */
function readType(req: Record<string, unknown>, errors: Errors): DespatchType | undefined {
  const series = req.series;
  let type: DespatchType | undefined;
  if (typeof series === "string" && SERIES["09"].test(series)) type = "09";
  else if (typeof series === "string" && SERIES["31"].test(series)) type = "31";
  else
    errors.add(
      "series",
      series === undefined ? TAX_ERRORS.required : TAX_ERRORS.invalid_series,
      "series is T followed by 3 letters or digits for a sender guide (e.g. T001), or V… for a carrier guide (e.g. V001)",
    );
  if (req.type !== undefined && req.type !== null) {
    if (req.type !== "09" && req.type !== "31")
      errors.add(
        "type",
        TAX_ERRORS.invalid_type,
        "type is 09 (sender guide) or 31 (carrier guide), or left out",
      );
    else if (type && req.type !== type)
      errors.add(
        "type",
        TAX_ERRORS.type_series_mismatch,
        `type ${req.type} does not match series ${String(series)}: T… is 09, V… is 31`,
      );
  }
  return type;
}

/** A guide is accepted only until the day after its issue date (spec rule 7), so it is dated today or yesterday. */
function readIssueDate(value: unknown, ctx: DespatchContext, errors: Errors): string {
  if (value === undefined || value === null) return ctx.today;
  if (!isIsoDate(value)) {
    errors.add("issue_date", TAX_ERRORS.invalid_date, "issue_date must be a calendar date YYYY-MM-DD");
    return ctx.today;
  }
  if (value > ctx.today)
    errors.add(
      "issue_date",
      TAX_ERRORS.issue_date_in_future,
      `issue_date may not be after today (${ctx.today})`,
    );
  else if (value < addDays(ctx.today, -1))
    errors.add(
      "issue_date",
      TAX_ERRORS.issue_date_too_old,
      `issue_date may be today or yesterday (${addDays(ctx.today, -1)}): SUNAT accepts a guide only until the day after its issue date`,
    );
  return value;
}

/** Spec rule 7: transport does not start before the guide is issued. */
function readDate(
  value: unknown,
  param: string,
  issueDate: string,
  errors: Errors,
  required: boolean,
): string | undefined {
  if (value === undefined || value === null) {
    if (required) errors.add(param, TAX_ERRORS.required, `${param} is required`);
    return undefined;
  }
  if (!isIsoDate(value)) {
    errors.add(param, TAX_ERRORS.invalid_date, `${param} must be a calendar date YYYY-MM-DD`);
    return undefined;
  }
  if (value < issueDate) {
    errors.add(
      param,
      TAX_ERRORS.before_issue_date,
      `${param} may not be before the issue date (${issueDate})`,
    );
    return undefined;
  }
  return value;
}

function readReason(value: unknown, errors: Errors): string | undefined {
  if (value === undefined || value === null || value === "") {
    errors.add("reason_code", TAX_ERRORS.required, "reason_code (catalog 20) is required on a sender guide");
    return undefined;
  }
  if (typeof value === "string" && REFUSED_REASONS.has(value)) {
    errors.add(
      "reason_code",
      TAX_ERRORS.reason_not_offered,
      `reason_code ${value} (import, export or 19) is not offered`,
    );
    return undefined;
  }
  if (typeof value !== "string" || !(value in REASONS)) {
    errors.add(
      "reason_code",
      TAX_ERRORS.unknown_reason,
      "reason_code must be a catalog 20 code: 01, 02, 03, 04, 05, 06, 07, 13, 14, 17 or 18",
    );
    return undefined;
  }
  return value;
}

/** Carrier guide: who pays the freight (OBS 4388 without it), written as SUNAT's indicator by the UBL builder. */
function readFreightPayer(value: unknown, errors: Errors): FreightPayer | undefined {
  if (value === undefined || value === null) return undefined;
  if (value === "sender" || value === "subcontractor") return value;
  errors.add(
    "freight_payer",
    TAX_ERRORS.invalid_freight_payer,
    "freight_payer is sender (the sender pays the freight) or subcontractor (a carrier that subcontracted this one)",
  );
  return undefined;
}

function readMode(value: unknown, errors: Errors): "01" | "02" | undefined {
  if (value === "01" || value === "02") return value;
  errors.add(
    "transport_mode",
    value === undefined || value === null ? TAX_ERRORS.required : TAX_ERRORS.invalid_transport_mode,
    "transport_mode is 01 (contracted carrier) or 02 (own vehicle) on a sender guide",
  );
  return undefined;
}

/** Spec rule 8: `supplier` and `buyer` go with some reasons only. */
function readRoleParty(
  req: Record<string, unknown>,
  field: "supplier" | "buyer",
  reason: string | undefined,
  allowed: ReadonlySet<string>,
  required: ReadonlySet<string>,
  errors: Errors,
): DespatchParty | undefined {
  if (reason === undefined) return undefined;
  const codes = [...allowed].join(", ");
  if (!allowed.has(reason)) {
    forbid(req[field], field, `goes only with reason_code ${codes}`, errors);
    return undefined;
  }
  return readParty(req[field], field, errors, { required: required.has(reason) });
}

function checkRoles(
  reason: string,
  sender: DespatchParty,
  recipient: DespatchParty,
  origin: DespatchPoint | undefined,
  destination: DespatchPoint | undefined,
  req: Record<string, unknown>,
  errors: Errors,
): void {
  const same = recipient.document_number === sender.document_number;
  if (RECIPIENT_DIFFERS.has(reason) && same)
    errors.add(
      "recipient.document_number",
      TAX_ERRORS.recipient_is_sender,
      `with reason_code ${reason} the recipient must be someone other than the sender`,
    );
  if (reason !== RECIPIENT_SAME) return;
  if (!same)
    errors.add(
      "recipient.document_number",
      TAX_ERRORS.recipient_not_sender,
      "with reason_code 04 (transfer between own establishments) the recipient is the sender itself",
    );
  const points = [
    ["origin", origin],
    ["destination", destination],
  ] as const;
  for (const [param, point] of points) {
    if (point && !point.establishment_code && asObject(req[param])?.establishment_code === undefined)
      errors.add(
        `${param}.establishment_code`,
        TAX_ERRORS.required,
        `${param}.establishment_code is required with reason_code 04 (transfer between own establishments)`,
      );
  }
}

function readTransport(req: Record<string, unknown>, errors: Errors) {
  const vehicles = readVehicles(req.vehicles, errors);
  const drivers = readDrivers(req.drivers, errors);
  const empty = (v: unknown) => v === undefined || v === null || (Array.isArray(v) && v.length === 0);
  if (empty(req.vehicles))
    errors.add("vehicles", TAX_ERRORS.required, "at least one vehicle (the main one) is required");
  if (empty(req.drivers))
    errors.add("drivers", TAX_ERRORS.required, "at least one driver (the main one) is required");
  return { vehicles, drivers };
}

function readPackages(value: unknown, errors: Errors): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1 || value > 999_999) {
    errors.add(
      "packages",
      TAX_ERRORS.invalid_packages,
      "packages is a whole number of packages from 1 to 999999",
    );
    return undefined;
  }
  return value;
}

function readItems(value: unknown, errors: Errors): DespatchItem[] {
  const list = readArray(value, "items", errors);
  if (!list || list.length === 0) {
    if (list || value === undefined)
      errors.add("items", TAX_ERRORS.required, "at least one item is required");
    return [];
  }
  if (list.length > MAX_DESPATCH_LINES)
    errors.add("items", TAX_ERRORS.too_many_items, `at most ${MAX_DESPATCH_LINES} items per guide`);
  const items: DespatchItem[] = [];
  list.slice(0, MAX_DESPATCH_LINES).forEach((raw, i) => {
    const param = `items.${i}`;
    const input = asObject(raw);
    if (!input) {
      errors.add(param, TAX_ERRORS.invalid_type, `${param} must be an object`);
      return;
    }
    const description = readText(input.description, `${param}.description`, errors, {
      required: true,
      max: 500,
    });
    const quantity = parseDecimal(input.quantity, `${param}.quantity`, { decimals: 10 }, errors);
    const unit = input.unit_code ?? "NIU";
    if (typeof unit !== "string" || !/^[A-Z0-9]{2,3}$/.test(unit))
      errors.add(
        `${param}.unit_code`,
        TAX_ERRORS.invalid_unit_code,
        `${param}.unit_code is a UN/ECE unit code such as NIU, KGM or ZZ`,
      );
    else if (description !== undefined && quantity !== undefined)
      items.push({ description, quantity: quantity.toString(), unit_code: unit });
  });
  return items;
}

/** Spec rules 9–10: cited by printed number; type, issuer RUC and description are derived. */
function readRelated(
  value: unknown,
  sender: DespatchParty | undefined,
  supplier: DespatchParty | undefined,
  reason: string | undefined,
  errors: Errors,
): DespatchRelatedDocument[] {
  const list = readArray(value, "related_documents", errors) ?? [];
  // A purchase (02) travels under the supplier's invoice; everything else under the sender's.
  const seller = reason === "02" && supplier ? supplier : sender;
  const related: DespatchRelatedDocument[] = [];
  list.forEach((raw, i) => {
    const param = `related_documents.${i}`;
    const input = asObject(raw);
    if (!input) {
      errors.add(param, TAX_ERRORS.invalid_type, `${param} must be an object`);
      return;
    }
    for (const derived of ["issuer_ruc", "description"])
      if (input[derived] !== undefined && input[derived] !== null)
        errors.add(
          `${param}.${derived}`,
          TAX_ERRORS.derived_field,
          `${param}.${derived} is filled in by the service; leave it out`,
        );
    const number = input.number;
    const match = typeof number === "string" ? /^([FB])[A-Z0-9]{3}-([1-9]\d{0,7})$/.exec(number) : null;
    if (!match) {
      errors.add(
        `${param}.number`,
        number === undefined ? TAX_ERRORS.required : TAX_ERRORS.invalid_related_number,
        `${param}.number is the printed number of an invoice or receipt, e.g. F001-123 or B001-45`,
      );
      return;
    }
    const kind = RELATED_TYPES[match[1] as "F" | "B"];
    if (input.type !== undefined && input.type !== null && input.type !== kind.type) {
      errors.add(
        `${param}.type`,
        TAX_ERRORS.type_number_mismatch,
        `${param}.type ${String(input.type)} does not match ${number}: F… is 01 (invoice), B… is 03 (receipt)`,
      );
      return;
    }
    if (seller?.document_type !== "6") {
      errors.add(
        `${param}.number`,
        TAX_ERRORS.issuer_without_ruc,
        `${param} can be cited only when its issuer (the sender) is identified by RUC`,
      );
      return;
    }
    related.push({
      type: kind.type,
      number: number as string,
      issuer_ruc: seller.document_number,
      description: kind.description,
    });
  });
  return related;
}

/** Origin establishments belong to the sender, or to the supplier when goods are bought (02) or collected (07). */
function originOwner(
  reason: string | undefined,
  sender: DespatchParty,
  supplier: DespatchParty | undefined,
): DespatchParty {
  return (reason === "02" || reason === "07") && supplier ? supplier : sender;
}

/** Spec rule 9: an establishment's RUC is its owner's; only RUC holders have establishments. */
function withEstablishmentRuc(point: DespatchPoint, owner: DespatchParty): DespatchPoint {
  return point.establishment_code && owner.document_type === "6"
    ? { ...point, establishment_ruc: owner.document_number }
    : point;
}

function checkEstablishmentOwner(
  point: DespatchPoint | undefined,
  param: "origin" | "destination",
  owner: DespatchParty | undefined,
  errors: Errors,
): void {
  if (point?.establishment_code && owner && owner.document_type !== "6")
    errors.add(
      `${param}.establishment_code`,
      TAX_ERRORS.establishment_without_ruc,
      `${param}.establishment_code names a SUNAT establishment, which only a RUC holder has; the ${param === "origin" ? "sender" : "recipient"} is not identified by RUC`,
    );
}
